/** The Node host's mailer: what every host can build, or SMTP, which only Node can speak. */
import type { Config } from "../config";
import { configuredMailer, type Mailer } from "./mailer";
import { smtpMailer } from "./smtp-mailer";

export const nodeMailer = (config: Config): Mailer =>
  config.mail.smtpUrl && !config.mail.resend
    ? smtpMailer(config.mail.smtpUrl, config.mail.from!)
    : configuredMailer(config);
