import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireSession } from '../../app/guards.js';

export interface AddBikeLoaderData {
  /** The form's default year; decided on the server so the hydrated form shows the same value. */
  currentYear: number;
}

export async function addBikeLoader(args: LoaderFunctionArgs): Promise<AddBikeLoaderData> {
  await requireSession('admin')(args);
  return { currentYear: new Date().getFullYear() };
}
