import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { useLocalePath } from '../app/i18n.js';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/**
 * A link that looks like an antd button: a real <a href> (works before JavaScript loads, opens in a new tab on
 * modified clicks) that navigates in the app otherwise. `to` is an app path in English; the link keeps the page's
 * language ('/allbikes' on a German page is '/de/allbikes'; dashboard paths carry no language).
 */
export function ButtonLink({ to: path, ...props }: ButtonLinkProps) {
  const to = useLocalePath()(path);
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)} />;
}
