/** The e-mails account changes send: what each says, in the product's voice. */

export const passwordResetEmail = (link: string) => ({
  subject: "Reset your Crewboard password",
  body:
    `Someone (we hope you) asked to reset the password of the Crewboard account for this address.\n\n` +
    `Choose a new password by opening this link within 1 hour. It works once:\n${link}\n\n` +
    `If you did not ask, ignore this e-mail: your password stays as it is.\n`,
});

export const passwordChangedEmail = () => ({
  subject: "Your Crewboard password was changed",
  body:
    `The password of your Crewboard account was just changed, and every other device was signed out.\n\n` +
    `If this was not you, reset your password with 'Forgot password?' on the sign-in page right away.\n`,
});

export const emailChangeEmail = (link: string) => ({
  subject: "Confirm your new Crewboard e-mail address",
  body:
    `Someone (we hope you) asked to use this address for their Crewboard account.\n\n` +
    `Confirm it by opening this link within 1 hour. Until then, the account keeps its old address:\n${link}\n\n` +
    `If you did not ask, ignore this e-mail.\n`,
});

export const emailChangedEmail = (newAddress: string) => ({
  subject: "Your Crewboard e-mail address was changed",
  body:
    `Your Crewboard account now uses ${newAddress}; this address no longer signs in.\n\n` +
    `If this was not you, reply to this e-mail or write to us through the contact page.\n`,
});
