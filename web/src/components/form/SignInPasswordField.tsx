import { TextField } from './fields';
import { inputPresets } from './presets';

/**
 * The password of a staff sign-in form (admin, provider): labelled 'Password', named for the
 * browser's password manager, and required.
 */
export function SignInPasswordField(field: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      {...field}
      {...inputPresets.currentPassword}
      label="Password"
      name="password"
      required
    />
  );
}
