import type { FormInstance } from 'antd';
import { useEffect } from 'react';

/** Values typed (or autofilled by the browser) into server-rendered inputs before the page hydrated, by input id. */
const typed = new Map<string, string>();

const TEXT_INPUT = /^(text|email|password|tel|search|url|number|datetime-local|date|time)$/;

/**
 * Called by client/entry-client.tsx just before hydration. The page is usable to read before its scripts run, so a
 * visitor may start typing, and a password manager may fill the login form; hydration then resets every controlled
 * input to its state (empty). What differs from the server's markup is kept here for the forms to take back.
 */
export function capturePrefilled(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')) {
    if (element instanceof HTMLInputElement && !TEXT_INPUT.test(element.type)) continue;
    if (element.value !== element.defaultValue) typed.set(element.id, element.value);
  }
}

/** Puts what was typed before hydration back into an antd form's fields (antd gives each input its field's name as id). */
export function useAdoptPrefilled<T extends object>(form: FormInstance<T>, names: readonly (keyof T & string)[]): void {
  // antd's name-path types are too deep to state here: the form is used through its untyped interface.
  const fields = form as unknown as FormInstance<Record<string, string>>;
  // The names as one value, so a new array literal with the same names on every render does not run the effect again.
  const key = names.join('\n');
  useEffect(() => {
    const values: Record<string, string> = {};
    for (const name of key.split('\n')) {
      const value = typed.get(name);
      if (value === undefined) continue;
      typed.delete(name);
      if (!fields.getFieldValue(name)) values[name] = value;
    }
    if (Object.keys(values).length > 0) fields.setFieldsValue(values);
  }, [fields, key]);
}
