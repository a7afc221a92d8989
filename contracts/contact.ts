import { z } from 'zod';
import { countryCodes } from './countries';

/**
 * The contact form (platform.md §2.9, §5, §7.5 'POST contactus/send', §8): the messages are the
 * spec's. The inquiry types and the limits are our choices (the spec names none), here in one place.
 */
export const inquiryTypes = ['general', 'sales', 'support', 'partnership', 'press', 'migration'] as const;
export type InquiryType = (typeof inquiryTypes)[number];

export const contactRules = {
  nameMax: 100,
  companyMax: 200,
  emailMax: 254,
  messageMax: 5000,
  /** Forms one address may send per window (each process counts its own). */
  perAddress: 5,
  windowMs: 60 * 60_000,
} as const;

export const contactMessages = {
  firstName: 'Please let us know your first name',
  lastName: 'Please let us know your last name',
  email: 'Please provide an email address',
  emailInvalid: 'Please provide a valid email address',
  inquiryType: 'Please select an inquiry type',
  country: 'Please select your country',
  message: 'Please type your message',
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
  tooMany: 'You have sent several messages in a short time. Please try again later.',
} as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** An e-mail address as the forms ask for it (the contact form, the newsletter sign-up). */
export const contactEmail = z
  .string({ error: contactMessages.email })
  .trim()
  .min(1, contactMessages.email)
  .max(contactRules.emailMax, contactMessages.emailInvalid)
  .pipe(z.email(contactMessages.emailInvalid));

export const ContactForm = z
  .object({
    firstName: required(contactMessages.firstName, contactRules.nameMax),
    lastName: required(contactMessages.lastName, contactRules.nameMax),
    email: contactEmail,
    company: z
      .string()
      .trim()
      .max(contactRules.companyMax, `At most ${contactRules.companyMax} characters`)
      .optional()
      .default(''),
    inquiryType: z.enum(inquiryTypes, { error: contactMessages.inquiryType }),
    country: z.enum(countryCodes, { error: contactMessages.country }),
    message: required(contactMessages.message, contactRules.messageMax),
  })
  .meta({ id: 'ContactForm' });
export type ContactForm = z.input<typeof ContactForm>;

export const ContactSent = z.object({ message: z.string() }).meta({ id: 'ContactSent' });
export type ContactSent = z.infer<typeof ContactSent>;
