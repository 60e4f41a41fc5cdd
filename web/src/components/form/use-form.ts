import { useCallback, useEffect, useRef, useState } from 'react';
import { firstInvalidField, withoutErrors, type FieldErrors } from './field-errors';
import { focusElement } from './focus';
import { useStoredValues } from './stored-values';

export interface FormOptions<V extends object, K extends string> {
  /** The values of an empty form (a function, when they depend on the day). */
  initial: () => V;
  /** Session storage key that keeps the values across a reload; none keeps them in memory. */
  draftKey?: string;
  /** Screen order of the fields that can show an error: the first invalid one takes focus. */
  order: readonly K[];
  /** The id of a field's control (the one that takes focus). */
  idOf: (field: K) => string;
  /** The form is being sent: its controls are disabled, so focus waits until they are back. */
  busy?: boolean;
  /** Edits that also answer another field's error (an email answers 'phone or email'). */
  alsoClears?: Partial<Record<keyof V, readonly K[]>>;
}

/**
 * The state of one form: its values (optionally kept as a draft), its field errors and where
 * focus goes when they show. Validation is the caller's (a shared schema through `validateWith`);
 * a field's error goes as soon as the user edits that field.
 */
export function useForm<V extends object, K extends string>({
  initial,
  draftKey,
  order,
  idOf,
  busy = false,
  alsoClears,
}: FormOptions<V, K>) {
  const { values, setValues, update, forget } = useStoredValues(draftKey, initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  // Focus moves once the errors are on screen and the controls are enabled: errors that come
  // with the server's answer show while the form is still busy (its controls disabled).
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !pendingFocus.current) return;
    focusElement(pendingFocus.current);
    pendingFocus.current = null;
  }, [busy, errors]);

  /** Sets a value and drops the errors it answers. */
  const change = useCallback(
    <F extends keyof V>(field: F, value: V[F]) => {
      update(field, value);
      const answered = [field as unknown as K, ...(alsoClears?.[field] ?? [])];
      setErrors((current) => withoutErrors(current, answered));
    },
    [update, alsoClears],
  );

  /** Shows `next` and moves focus to the first invalid field; returns that field. */
  const showErrors = useCallback(
    (next: FieldErrors<K>): K | undefined => {
      setErrors(next);
      const first = firstInvalidField(next, order);
      pendingFocus.current = first === undefined ? null : idOf(first);
      return first;
    },
    [order, idOf],
  );

  const clearErrors = useCallback(() => setErrors({}), []);

  /** Back to the empty form, without saving it as a draft. */
  const reset = useCallback(() => {
    forget();
    setValues(initial());
  }, [forget, setValues, initial]);

  /** The props of a text control bound to `field` (id, value, change handler, error). */
  function textField<F extends K & keyof V>(field: F) {
    const value = values[field];
    return {
      id: idOf(field),
      value: typeof value === 'string' ? value : '',
      onChange: (text: string) => change(field, text as V[F]),
      error: errors[field],
    };
  }

  return {
    values,
    errors,
    change,
    /** Sets a value that no error is about (a choice next to a field, such as body regions). */
    set: update,
    showErrors,
    clearErrors,
    /** Forgets the saved draft (the form was sent); later edits are saved again. */
    forgetDraft: forget,
    reset,
    textField,
  };
}
