import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { bikeQuery } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';

export interface UpdateBikeLoaderData {
  id: string;
  currentYear: number;
}

/** The bike is loaded before the form renders (spec section 2); an unknown or malformed id is the 404 page. */
export async function updateBikeLoader(args: LoaderFunctionArgs): Promise<UpdateBikeLoaderData> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  const id = args.params.id ?? '';
  try {
    // Always fresh: the form starts from these values, so a stale copy would overwrite newer edits.
    await queryClient.fetchQuery({ ...bikeQuery(api, id), staleTime: 0 });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
  return { id, currentYear: new Date().getFullYear() };
}
