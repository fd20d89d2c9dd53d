import { conformanceBn } from './conformance-bn.js';
import { conformanceDe } from './conformance-de.js';

/**
 * The accessibility report's criteria (client/lib/conformance-report.ts, English) in the other languages, by
 * criterion id: name and remarks. Kept apart from the message catalogues: they are the report's rows, not
 * messages the code names one by one. client/pages/accessibility/accessibility-i18n.spec.ts checks that every
 * criterion has both.
 */
export type CriterionTexts = Record<string, { name: string; remarks: string }>;

export const CRITERION_TEXTS: Record<'de' | 'bn', CriterionTexts> = { de: conformanceDe, bn: conformanceBn };
