import { Fragment, type ReactNode } from 'react';

/** The text with a line-break opportunity after each `mark` (an address breaks after its '@', not mid-word). */
export function breakAfter(text: string, mark: string): ReactNode {
  const parts = text.split(mark);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          {mark}
          <wbr />
        </>
      ) : null}
    </Fragment>
  ));
}
