// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDER_LOGIN_BLANK, providerLoginRequestSchema } from '@shared/providers/api';
import {
  Form,
  inputPresets,
  serverFieldErrorsOf,
  SubmitButton,
  TextField,
  useForm,
  validateWith,
} from './index';

const DRAFT_KEY = 'test.providerLogin';
const fields = ['email', 'password'] as const;
type Field = (typeof fields)[number];

let sent: { email: string; password: string }[] = [];
let answer: (issues: { path: string; message: string }[]) => void = () => undefined;

/** A provider sign-in as the next issue would write it with the toolkit. */
function ProviderLoginForm() {
  const [busy, setBusy] = useState(false);
  const form = useForm<Record<Field, string>, Field>({
    initial: () => ({ email: '', password: '' }),
    draftKey: DRAFT_KEY,
    order: fields,
    idOf: (field) => `provider-${field}`,
    busy,
  });

  function submit() {
    const checked = validateWith(providerLoginRequestSchema, form.values, fields);
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    sent.push(checked.data);
    setBusy(true);
    answer = (issues) => {
      form.showErrors(serverFieldErrorsOf(issues, fields));
      setBusy(false);
    };
  }

  return (
    <Form busy={busy} onSubmit={submit} aria-label="Sign in">
      <fieldset disabled={busy}>
        <TextField {...form.textField('email')} {...inputPresets.email} label="Email" required />
        <TextField {...form.textField('password')} label="Password" type="password" required />
      </fieldset>
      <SubmitButton pending={busy} icon={<LogIn aria-hidden="true" />} pendingText="Signing in...">
        Sign In
      </SubmitButton>
    </Form>
  );
}

function errorOf(label: string): string | null {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  const error = ids.split(' ').find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  sent = [];
});

describe('the form toolkit', () => {
  it('shows the schema messages on submit, focuses the first invalid field, clears on edit', () => {
    render(<ProviderLoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Email')).toBe(PROVIDER_LOGIN_BLANK);
    expect(errorOf('Password')).toBe(PROVIDER_LOGIN_BLANK);
    expect(document.activeElement).toBe(email);
    expect(sent).toEqual([]);

    fireEvent.change(email, { target: { value: 'Dr@Example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(errorOf('Email')).toBeNull();
    expect(errorOf('Password')).toBe(PROVIDER_LOGIN_BLANK);
  });

  it('sends the parsed values once, and focuses a field the server refused once enabled', () => {
    render(<ProviderLoginForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Dr@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    const form = screen.getByRole('form', { name: 'Sign in' });
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(sent).toEqual([{ email: 'dr@example.com', password: 'secret' }]);
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeTruthy();

    act(() => answer([{ path: 'password', message: 'Invalid email or password' }]));
    expect(errorOf('Password')).toBe('Invalid email or password');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('keeps the typed values across a remount until the draft is forgotten', () => {
    const first = render(<ProviderLoginForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dr@example.com' } });
    first.unmount();

    render(<ProviderLoginForm />);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('dr@example.com');
  });
});
