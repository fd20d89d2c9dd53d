import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireSession } from '../../app/guards.js';

/** Fleet, timeline and counter sale: admin only (the data loads in the browser, per window). */
export const fleetLoader = (args: LoaderFunctionArgs): Promise<null> => requireSession('admin')(args);
