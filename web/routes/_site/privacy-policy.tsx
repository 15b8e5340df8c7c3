import { createFileRoute } from "@tanstack/react-router";
import { pageHead } from "@web/lib/head";
import { LegalPage, type LegalSection } from "./-components/legal";
import { SUPPORT_EMAIL } from "./-components/marketing";

export const Route = createFileRoute("/_site/privacy-policy")({
  head: pageHead(
    "Privacy Policy",
    "What Crewboard collects, why, who processes it, how long we keep it and your rights over it.",
  ),
  component: () => (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data Crewboard collects when you visit the site or use your account, why we
          collect it, and the choices you have. We collect as little as we can and never sell your data.
        </p>
      }
      sections={SECTIONS}
    />
  ),
});

const SECTIONS: LegalSection[] = [
  {
    title: "Data we collect",
    body: (
      <>
        <p>We collect only what the service needs to work:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your e-mail address, display name and a one-way hash of your password (never
            the password itself). If you sign in with Google we receive your name, e-mail address and profile picture.
          </li>
          <li>
            <strong>Profile data you choose to add:</strong> avatar, bio, age, specialization, region, skills, developer
            type, experience level and the kinds of projects you are interested in.
          </li>
          <li>
            <strong>Content you create:</strong> projects and their details, friend requests, chats and messages.
          </li>
          <li>
            <strong>Messages to us:</strong> what you send through the contact form, with your e-mail address.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and the time of sign-ins and form submissions, used to keep
            accounts safe and to limit abuse.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: "How we use it",
    body: (
      <ul>
        <li>To create and secure your account and keep you signed in.</li>
        <li>To show your profile and projects to other members and let them collaborate with you.</li>
        <li>To deliver chat messages and friend requests to the people you send them to.</li>
        <li>To process your lifetime plan purchase and record that your account is Pro.</li>
        <li>To answer your questions and send e-mails the service needs, such as address confirmation.</li>
        <li>To detect and stop abuse, such as repeated failed sign-ins.</li>
      </ul>
    ),
  },
  {
    title: "What other members see",
    body: (
      <p>
        Members can see your display name, avatar, specialization and the projects you publish. Your e-mail address is
        shown to members you are friends with or who look you up by that exact address to send a friend request. Chat
        messages are visible only to the participants of that chat.
      </p>
    ),
  },
  {
    title: "Payments",
    body: (
      <p>
        Purchases are handled by our card payment provider. Your card details go directly to the provider; Crewboard
        never receives or stores your card number. We keep a record of the purchase (amount, date and status) so we can
        grant Pro access and handle refunds.
      </p>
    ),
  },
  {
    title: "Service providers",
    body: (
      <p>
        We use a small number of providers to run Crewboard: hosting and edge delivery, a managed database, file storage
        for avatars, e-mail delivery, card payments, and Google for optional sign-in. They process data only on our
        instructions and only to provide their service to us.
      </p>
    ),
  },
  {
    title: "Cookies and local storage",
    body: (
      <p>
        We set one essential cookie that keeps you signed in, plus short-lived cookies during Google sign-in. Your theme
        choice (light, dark or system) is stored in your browser. We do not use advertising or tracking cookies.
      </p>
    ),
  },
  {
    title: "How long we keep data",
    body: (
      <p>
        We keep your account data for as long as your account exists. When you delete your account, we delete your
        profile and content within 30 days, except records we must keep by law, such as purchase records. Contact form
        messages are kept for up to 12 months.
      </p>
    ),
  },
  {
    title: "Your rights",
    body: (
      <p>
        You can view and change your profile at any time in Settings. You may also ask us for a copy of your data, to
        correct it, to delete your account, or to object to how we process it. Write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>{" "}
        and we will answer within 30 days.
      </p>
    ),
  },
  {
    title: "Security",
    body: (
      <p>
        Passwords are stored as salted scrypt hashes, sessions use secure HTTP-only cookies, and every change to your
        data is checked on our servers. No system is perfectly secure, so please use a unique password for Crewboard.
      </p>
    ),
  },
  {
    title: "Children",
    body: (
      <p>
        Crewboard is meant for people building software projects. If you are under the age of digital consent in your
        country, use Crewboard only with the permission of a parent or guardian.
      </p>
    ),
  },
  {
    title: "Changes to this policy",
    body: (
      <p>
        If we change this policy we will update the date at the top of this page, and tell you by e-mail or in the app
        before important changes take effect.
      </p>
    ),
  },
  {
    title: "Contact",
    body: (
      <p>
        Questions about privacy? Write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>{" "}
        or use our contact form.
      </p>
    ),
  },
];
