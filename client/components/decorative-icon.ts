/**
 * Spread on an antd icon that only decorates a labelled control: antd labels every icon with its name
 * (aria-label="phone"), which would compete with the field's own label ("Phone").
 */
export const decorativeIcon = { 'aria-hidden': true, 'aria-label': undefined } as const;
