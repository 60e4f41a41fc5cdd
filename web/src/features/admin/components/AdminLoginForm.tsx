import { LoaderCircle, LogIn, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ADMIN_LOGIN_BLANK } from '@shared/admin/api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/hooks/use-toast';
import { useAdminLogin } from '../api/login';
import { saveAdminSession } from '../api/session';
import { adminToasts } from '../lib/labels';

/**
 * Admin sign-in (spec doc 2 §2, §5): Sign In is disabled while either field is blank after
 * trimming or a request runs; Enter submits.
 */
export function AdminLoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [blankError, setBlankError] = useState(false);
  const errorId = useId();
  const login = useAdminLogin({
    onSuccess: saveAdminSession,
    onError: (error) => {
      toast({ variant: 'destructive', ...adminToasts.loginFailed, description: error.message });
    },
  });

  const blank = username.trim() === '' || password.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (blank) {
      setBlankError(true);
      return;
    }
    setBlankError(false);
    login.mutate({ username, password });
  };

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="mb-6 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary">
          <ShieldCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Admin Panel</h1>
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Sign In</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4"
            aria-describedby={blankError ? errorId : undefined}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-username">Username</Label>
              <Input
                id="admin-username"
                name="username"
                autoComplete="username"
                maxLength={100}
                autoCapitalize="none"
                spellCheck={false}
                required
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-password">Password</Label>
              <Input
                id="admin-password"
                name="password"
                type="password"
                autoComplete="current-password"
                maxLength={200}
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            {blankError && blank ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {ADMIN_LOGIN_BLANK}
              </p>
            ) : null}
            <Button type="submit" disabled={blank || login.isPending} className="w-full">
              {login.isPending ? (
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <LogIn aria-hidden="true" />
              )}
              Sign In
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
