import { createFileRoute } from "@tanstack/react-router";
import { Clock, Loader2, Mail, Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MAX_CONTACT_MESSAGE_LENGTH, MAX_CONTACT_NAME_LENGTH, MAX_EMAIL_LENGTH } from "@core/rules";
import { Field } from "@web/components/profile-fields";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { DataProvider } from "@web/lib/data-provider";
import { pageHead } from "@web/lib/head";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { SUPPORT_EMAIL } from "./-components/marketing";
import { PageHero } from "./-components/sections";

export const Route = createFileRoute("/_site/contact")({
  head: pageHead(
    "Contact Us",
    "Questions, feedback or sales: write to the Crewboard team and we will answer by e-mail.",
  ),
  component: () => (
    <DataProvider>
      <Contact />
    </DataProvider>
  ),
});

const EMPTY = { name: "", email: "", message: "" };

function ContactForm() {
  const [fields, setFields] = useState(EMPTY);
  const send = trpc.contact.send.useMutation({
    onSuccess: (_, { email }) => {
      setFields(EMPTY);
      notify.success("Message Sent", `Thanks for writing! We will reply to ${email} within one business day.`);
    },
  });
  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ ...fields, name: fields.name || undefined });
  };

  // The server checks every field and answers with the sentence to show.
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Contact form">
      {send.error && <Alert>{errorMessage(send.error)}</Alert>}
      <Field
        id="contact-name"
        label={
          <>
            Name <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
      >
        <Input
          id="contact-name"
          autoComplete="name"
          maxLength={MAX_CONTACT_NAME_LENGTH}
          value={fields.name}
          onChange={update("name")}
        />
      </Field>
      <Field id="contact-email" label="Email">
        <Input
          id="contact-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={MAX_EMAIL_LENGTH}
          value={fields.email}
          onChange={update("email")}
        />
      </Field>
      <Field id="contact-message" label="Message">
        <Textarea
          id="contact-message"
          rows={6}
          placeholder="How can we help?"
          maxLength={MAX_CONTACT_MESSAGE_LENGTH}
          value={fields.message}
          onChange={update("message")}
        />
      </Field>
      <Button type="submit" size="lg" disabled={send.isPending} className="sm:justify-self-start">
        {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {send.isPending ? "Sending..." : "Send"}
      </Button>
    </form>
  );
}

function Contact() {
  return (
    <>
      <PageHero title="Contact Us">
        Questions, feedback or a larger team? We usually answer within one business day.
      </PageHero>
      <div className="px-4 py-16">
        <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1fr_2fr]">
          <aside className="order-last space-y-4 lg:order-first">
            <div className="rounded-xl border bg-card p-6 shadow-sm">
              <Mail className="mb-3 size-5 text-primary" aria-hidden />
              <h2 className="font-semibold">Email us</h2>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="mt-1 block text-sm text-primary underline-offset-4 hover:underline"
              >
                {SUPPORT_EMAIL}
              </a>
            </div>
            <div className="rounded-xl border bg-card p-6 shadow-sm">
              <Clock className="mb-3 size-5 text-primary" aria-hidden />
              <h2 className="font-semibold">Response time</h2>
              <p className="mt-1 text-sm text-muted-foreground">Within one business day, Monday to Friday.</p>
            </div>
          </aside>
          <section aria-labelledby="contact-form-title" className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-title" className="mb-6 text-xl font-semibold">
              Send us a message
            </h2>
            <ContactForm />
          </section>
        </div>
      </div>
    </>
  );
}
