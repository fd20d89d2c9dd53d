import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLocalePath, useT } from '../app/i18n.js';

/** The search form of Home and Search: a whitespace-only term does nothing (spec section 5). */
export function SearchBox({ initialTerm = '', id = 'bike-search' }: { initialTerm?: string; id?: string }) {
  const [term, setTerm] = useState(initialTerm);
  const navigate = useNavigate();
  const t = useT();
  const lp = useLocalePath();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate(lp(`/search?searchTerm=${encodeURIComponent(trimmed)}`));
  };
  return (
    <form className="okb-search-box" role="search" onSubmit={submit} action={lp('/search')} method="get">
      <label htmlFor={id} className="okb-visually-hidden">
        {t('search.label')}
      </label>
      <Input
        id={id}
        name="searchTerm"
        size="large"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t('search.placeholder')}
        prefix={<SearchOutlined aria-hidden="true" />}
        autoComplete="off"
      />
      <Button type="primary" size="large" htmlType="submit">
        {t('search.submit')}
      </Button>
    </form>
  );
}
