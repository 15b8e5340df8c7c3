/**
 * SMTP for a self-hosted Node install (`SMTP_URL`), through nodemailer. Node only: the Worker has
 * no sockets of this kind, and nodemailer must stay out of its bundle (worker/local*.ts wire it).
 */
import { createTransport } from "nodemailer";
import { SEND_TIMEOUT_MS, type Mailer } from "./mailer";

export function smtpMailer(url: string, from: string): Mailer {
  // nodemailer upgrades a plain connection with STARTTLS whenever the server offers it.
  const transport = createTransport({
    url,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    delivers: true,
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        messageId: `<${email.idempotencyKey}@crewboard>`,
      });
    },
  };
}
