import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/**
 * A link that looks like an antd button: a real <a href> (works before JavaScript loads, opens in a new tab on
 * modified clicks) that navigates in the app otherwise.
 */
export function ButtonLink({ to, ...props }: ButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)} />;
}
