import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireSession } from '../../app/guards.js';

export async function exportsLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  return null;
}
