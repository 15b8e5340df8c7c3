import { createFileRoute } from "@tanstack/react-router";
import { pageHead } from "@web/lib/head";
import { LegalPage, type LegalSection } from "./-components/legal";
import { SUPPORT_EMAIL } from "./-components/marketing";

export const Route = createFileRoute("/_site/terms")({
  head: pageHead(
    "Terms of Service",
    "The agreement between you and Crewboard: accounts, content, the lifetime plan and 30-day refunds.",
  ),
  component: () => (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and Crewboard when you use the website and the app. By creating an
          account or using Crewboard you accept them. Please read them; they are written to be understood.
        </p>
      }
      sections={SECTIONS}
    />
  ),
});

const SECTIONS: LegalSection[] = [
  {
    title: "Your account",
    body: (
      <ul>
        <li>Give a real e-mail address you control, and keep your password to yourself.</li>
        <li>
          You are responsible for what happens under your account. Tell us at once if you think someone else used it.
        </li>
        <li>One person per account. Accounts may not be sold or transferred.</li>
      </ul>
    ),
  },
  {
    title: "Acceptable use",
    body: (
      <>
        <p>Crewboard is for collaborating on projects. You agree not to:</p>
        <ul>
          <li>harass, threaten or spam other members, or send unsolicited friend requests in bulk;</li>
          <li>post unlawful content, malware, or content that infringes someone else's rights;</li>
          <li>impersonate others or misrepresent your skills to deceive a team;</li>
          <li>probe, overload or get around the security or the limits of the service.</li>
        </ul>
      </>
    ),
  },
  {
    title: "Your content",
    body: (
      <p>
        You keep ownership of the projects, profile details and messages you create. You give Crewboard the permission
        we need to store them, show them to the people you share them with, and run the service. When you delete
        content, we stop showing it.
      </p>
    ),
  },
  {
    title: "Working with other members",
    body: (
      <p>
        Projects are arranged between members. Crewboard is not a party to agreements between you and your teammates
        about work, payment or ownership of code; settle those between yourselves, preferably in writing.
      </p>
    ),
  },
  {
    title: "Plans and payment",
    body: (
      <>
        <p>
          The <strong>Free plan</strong> costs nothing and includes up to 3 projects. <strong>Lifetime Access</strong>{" "}
          costs $9.99 (USD), paid once. It unlocks the Pro features for as long as Crewboard operates, with no renewals.
        </p>
        <p>
          Payments are processed by our card payment provider. Prices include any taxes we are required to collect
          unless shown otherwise at checkout.
        </p>
      </>
    ),
  },
  {
    title: "Refunds",
    body: (
      <p>
        We offer a <strong>30-day money-back guarantee</strong>. If you are not satisfied, write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>{" "}
        within 30 days of your purchase and we will refund the full amount to your original payment method. Your account
        then returns to the Free plan.
      </p>
    ),
  },
  {
    title: "Ending your use",
    body: (
      <p>
        You may stop using Crewboard and delete your account at any time. We may suspend or close accounts that break
        these terms, after a warning where that is reasonable. If we ever shut the service down, we will give at least
        60 days' notice so you can export your data.
      </p>
    ),
  },
  {
    title: "Disclaimers",
    body: (
      <p>
        We work hard to keep Crewboard available and correct, but the service is provided "as is". We do not guarantee
        that it will always be uninterrupted or error-free, or that any project will succeed.
      </p>
    ),
  },
  {
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, Crewboard is not liable for indirect or consequential losses, and our total
        liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms
        limits rights you have as a consumer that cannot be limited by law.
      </p>
    ),
  },
  {
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms. The date at the top shows the latest version; for important changes we will tell you
        in advance by e-mail or in the app. Continuing to use Crewboard after a change means you accept the new terms.
      </p>
    ),
  },
  {
    title: "Contact",
    body: (
      <p>
        Questions about these terms? Write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];
