import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../app/i18n.js';
import { pageFromSearch } from '../app/prefetch.js';
import { decorativeIcon } from './decorative-icon.js';

/** A paged list's page, kept in `?page=` (absent on page 1) so it survives a reload and can be shared. */
export function usePageParam(): { page: number; goTo: (page: number) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);
  const goTo = useCallback(
    (next: number) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next <= 1) updated.delete('page');
          else updated.set('page', String(next));
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return { page, goTo };
}

/**
 * Deleting the last row of the last page leaves that page empty: move to the new last page. `rows` and
 * `totalPages` are the loaded page's (undefined while loading).
 */
export function useStayInRange(page: number, rows: number | undefined, totalPages: number | undefined, goTo: (page: number) => void): void {
  useEffect(() => {
    if (rows === 0 && totalPages !== undefined && page > totalPages) goTo(totalPages);
  }, [rows, totalPages, page, goTo]);
}

/**
 * After Previous or Next, the top of the list comes into view and takes focus (on a phone the pager sits far
 * below it): put `ref` on the list's region (given tabIndex -1 and a label) and call `paged()` before changing
 * the page. The move happens once the new page is on screen (`page` changed).
 */
export function useFocusListOnPage<T extends HTMLElement>(page: number): { ref: RefObject<T | null>; paged: () => void } {
  const ref = useRef<T>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!wanted.current) return;
    wanted.current = false;
    const target = ref.current;
    if (!target) return;
    const rect = target.getBoundingClientRect();
    if (rect.top < 0 || rect.top > window.innerHeight / 2) target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [page]);
  const paged = useCallback(() => {
    wanted.current = true;
  }, []);
  return { ref, paged };
}

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What is paged, for screen readers ("Bike pages"). */
  label: string;
  busy?: boolean;
  className?: string;
}

/** Spec section 4: Previous disabled on page 1, Next disabled on the last page. */
export function Pager({ page, totalPages, onChange, label, busy = false, className }: PagerProps) {
  const last = Math.max(totalPages, 1);
  const t = useT();
  return (
    <nav aria-label={label} className={className ? `okb-pager ${className}` : 'okb-pager'}>
      <Button icon={<LeftOutlined {...decorativeIcon} />} disabled={page <= 1 || busy} onClick={() => onChange(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="okb-pager-info" aria-live="polite">
        {t('pager.info', { page: Math.min(page, last), total: last })}
      </span>
      <Button icon={<RightOutlined {...decorativeIcon} />} iconPlacement="end" disabled={page >= totalPages || busy} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
