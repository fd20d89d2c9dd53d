import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { decorativeIcon } from '../../components/decorative-icon.js';

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
