import { describe, expect, it } from 'vitest';
import {
  fieldErrorsOf,
  firstInvalidField,
  serverFieldErrorsOf,
  withoutErrors,
} from './field-errors';

const issues = [
  { path: ['triageSummary'], message: 'Please describe your symptoms' },
  { path: ['name'], message: 'Name is required' },
  { path: ['name'], message: 'Name is too long' },
  { path: ['metadata', 'confidence'], message: 'Not a form field' },
  { path: [], message: 'No path' },
];

describe('fieldErrorsOf', () => {
  it('names form fields by a map of schema keys, first message per field', () => {
    expect(fieldErrorsOf(issues, { triageSummary: 'symptoms', name: 'name' })).toEqual({
      symptoms: 'Please describe your symptoms',
      name: 'Name is required',
    });
  });

  it('takes the schema keys themselves when given the list of form fields', () => {
    expect(fieldErrorsOf(issues, ['name'])).toEqual({ name: 'Name is required' });
  });
});

describe('serverFieldErrorsOf', () => {
  it("puts a 400 envelope's dotted issue paths on the fields", () => {
    const server = [
      { path: 'boardCertifications.0', message: 'Too long' },
      { path: 'email', message: 'Email already registered' },
      { path: 'unknown', message: 'Dropped' },
    ];
    expect(serverFieldErrorsOf(server, ['email', 'boardCertifications'])).toEqual({
      boardCertifications: 'Too long',
      email: 'Email already registered',
    });
  });
});

describe('firstInvalidField and withoutErrors', () => {
  it('finds the first invalid field in screen order', () => {
    expect(firstInvalidField({ phone: 'x', name: 'y' }, ['name', 'email', 'phone'])).toBe('name');
    expect(firstInvalidField({}, ['name'])).toBeUndefined();
  });

  it('drops the errors of edited fields and keeps the object when none is dropped', () => {
    const errors = { email: 'a', phone: 'b', name: 'c' };
    expect(withoutErrors(errors, ['email', 'phone'])).toEqual({ name: 'c' });
    expect(withoutErrors(errors, ['symptoms' as 'name'])).toBe(errors);
  });
});
