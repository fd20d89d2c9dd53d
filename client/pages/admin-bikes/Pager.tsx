import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { pageFromSearch } from '../dashboard-home/loader.js';

/** A paged admin list's page, kept in `?page=` (absent on page 1) so it survives a reload and can be shared. */
export function usePageParam(): { page: number; goTo: (page: number) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);
  const goTo = useCallback(
    (next: number) =>
      setSearchParams((params) => {
        const updated = new URLSearchParams(params);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      }),
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

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What is paged, for screen readers ("Bike pages"). */
  label: string;
  busy?: boolean;
}

/** Spec section 4: Previous disabled on page 1, Next disabled on the last page. */
export function Pager({ page, totalPages, onChange, label, busy = false }: PagerProps) {
  const { token } = theme.useToken();
  return (
    <nav aria-label={label}>
      <Flex align="center" justify="space-between" gap={8} style={{ marginTop: 16 }}>
        <Button icon={<LeftOutlined {...decorativeIcon} />} disabled={page <= 1 || busy} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <span aria-live="polite" style={{ flex: '1 1 0', minWidth: 0, textAlign: 'center', color: token.colorTextSecondary }}>
          Page {page} of {Math.max(totalPages, 1)}
        </span>
        <Button disabled={page >= totalPages || busy} onClick={() => onChange(page + 1)}>
          Next <RightOutlined {...decorativeIcon} />
        </Button>
      </Flex>
    </nav>
  );
}
