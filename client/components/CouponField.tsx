import { Button, Input } from 'antd';
import { StatusTag } from './StatusTag.js';
import { useId, useState } from 'react';
import { useT } from '../app/i18n.js';

interface CouponFieldProps {
  /** The code applied to the quote, or null. */
  applied: string | null;
  /** Checks a code against the booking; resolves to the reason it is refused, or null when it applies. */
  onApply(code: string): Promise<string | null>;
  onRemove(): void;
  disabled?: boolean;
}

/** Book Now's discount code (issue 25): checked against this booking before it shows in the quote as a line. */
export function CouponField({ applied, onApply, onRemove, disabled }: CouponFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const t = useT();
  const apply = async () => {
    const value = code.trim();
    if (!value) {
      setError(t('coupon.enterCode'));
      return;
    }
    setChecking(true);
    try {
      const reason = await onApply(value);
      setError(reason);
      if (!reason) setCode('');
    } finally {
      setChecking(false);
    }
  };
  if (applied) {
    return (
      <div className="coupon-field">
        <span className="coupon-applied" role="status">
          {t('coupon.code')} <StatusTag tone="success">{applied}</StatusTag> {t('coupon.applied')}
          <Button size="small" onClick={onRemove} disabled={disabled}>
            {t('coupon.remove')}
          </Button>
        </span>
      </div>
    );
  }
  return (
    <div className="coupon-field">
      <label htmlFor={inputId}>{t('coupon.label')}</label>
      <div className="coupon-field-row">
        <Input
          id={inputId}
          value={code}
          autoComplete="off"
          maxLength={40}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(null);
          }}
          onPressEnter={(event) => {
            event.preventDefault();
            void apply();
          }}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
        />
        <Button onClick={() => void apply()} loading={checking} disabled={disabled}>
          {t('coupon.apply')}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="book-now-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
