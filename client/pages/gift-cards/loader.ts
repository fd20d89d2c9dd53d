import { redirect, type LoaderFunctionArgs } from 'react-router-dom';

/**
 * /gift-cards?payment=<id>&status=...: where gift card checkouts opened before the result page existed return the
 * buyer. On to the gift card's payment result page (/gift-cards/result, in the same language), query kept.
 */
export function giftCardsLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  if (url.searchParams.has('payment')) throw redirect(`${url.pathname.replace(/\/$/, '')}/result${url.search}`);
  return null;
}
