import * as z from 'zod';

/** Reading B's free-text contact: an email address when it is one, otherwise a phone number. */
export function splitContactInfo(contactInfo: string): {
  email: string | null;
  phone: string | null;
} {
  const value = contactInfo.trim();
  return z.email().safeParse(value).success
    ? { email: value, phone: null }
    : { email: null, phone: value };
}
