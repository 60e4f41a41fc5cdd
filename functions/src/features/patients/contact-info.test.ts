import { describe, expect, it } from 'vitest';
import { splitContactInfo } from './contact-info';

describe('reading B contact info', () => {
  it('keeps an email as email and anything else as phone', () => {
    expect(splitContactInfo(' kofi@example.org ')).toEqual({
      email: 'kofi@example.org',
      phone: null,
    });
    expect(splitContactInfo('+233 20 123 4567')).toEqual({
      email: null,
      phone: '+233 20 123 4567',
    });
  });
});
