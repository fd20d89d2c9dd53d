import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** The search form of Home and Search: a whitespace-only term does nothing (spec section 5). */
export function SearchBox({ initialTerm = '', id = 'bike-search' }: { initialTerm?: string; id?: string }) {
  const [term, setTerm] = useState(initialTerm);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate(`/search?searchTerm=${encodeURIComponent(trimmed)}`);
  };
  return (
    <form className="okb-search-box" role="search" onSubmit={submit} action="/search" method="get">
      <label htmlFor={id} className="okb-visually-hidden">
        Search bikes by name
      </label>
      <Input
        id={id}
        name="searchTerm"
        size="large"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search for by Name"
        prefix={<SearchOutlined aria-hidden="true" />}
        autoComplete="off"
      />
      <Button type="primary" size="large" htmlType="submit">
        Search
      </Button>
    </form>
  );
}
