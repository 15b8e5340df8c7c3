/** The e-mails accounts send: what each says, in the product's voice and its one layout. */
import { composeEmail } from "../mail/layout";

export const verificationEmail = (link: string) =>
  composeEmail({
    subject: "Confirm your Crewboard e-mail address",
    heading: "Welcome to Crewboard!",
    paragraphs: [
      "Confirm your e-mail address by opening this link within 24 hours, in the browser where you signed up.",
    ],
    action: { label: "Confirm my address", url: link },
    after: [
      "Opened anywhere else, it confirms the address but the password chosen at sign-up stops working, so that " +
        "nobody can claim an address that is not theirs: choose a new one with 'Forgot password?' on the sign-in page.",
    ],
  });

export const passwordResetEmail = (link: string) =>
  composeEmail({
    subject: "Reset your Crewboard password",
    heading: "Reset your password",
    paragraphs: [
      "Someone (we hope you) asked to reset the password of the Crewboard account for this address.",
      "Choose a new password by opening this link within 1 hour. It works once.",
    ],
    action: { label: "Choose a new password", url: link },
    after: ["If you did not ask, ignore this e-mail: your password stays as it is."],
  });

export const passwordChangedEmail = () =>
  composeEmail({
    subject: "Your Crewboard password was changed",
    heading: "Your password was changed",
    paragraphs: ["The password of your Crewboard account was just changed, and every other device was signed out."],
    after: ["If this was not you, reset your password with 'Forgot password?' on the sign-in page right away."],
  });

export const emailChangeEmail = (link: string) =>
  composeEmail({
    subject: "Confirm your new Crewboard e-mail address",
    heading: "Confirm your new address",
    paragraphs: [
      "Someone (we hope you) asked to use this address for their Crewboard account.",
      "Confirm it by opening this link within 1 hour. Until then, the account keeps its old address.",
    ],
    action: { label: "Confirm this address", url: link },
    after: ["If you did not ask, ignore this e-mail."],
  });

export const emailChangedEmail = (newAddress: string) =>
  composeEmail({
    subject: "Your Crewboard e-mail address was changed",
    heading: "Your address was changed",
    paragraphs: [`Your Crewboard account now uses ${newAddress}; this address no longer signs in.`],
    after: ["If this was not you, reply to this e-mail or write to us through the contact page."],
  });

export const accountDeletedEmail = () =>
  composeEmail({
    subject: "Your Crewboard account was deleted",
    heading: "Your account was deleted",
    paragraphs: [
      "Your Crewboard account, its profile, projects and friendships were just deleted, as you asked. " +
        "Messages you wrote in chats stay, shown as from 'Deleted member'.",
      "You can sign up again with this address at any time.",
    ],
    after: ["If this was not you, write to us through the contact page right away."],
  });
