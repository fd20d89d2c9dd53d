import { Select } from 'antd';
import { useState } from 'react';
import { useBikes } from '../../api/bikes.js';
import { useT } from '../../app/i18n.js';

/** Admin: pick a bike by name (searches the whole catalogue as you type, 100 at a time). */
export function BikePicker({ id, value, onChange, placeholder }: { id: string; value?: string; onChange(id: string): void; placeholder?: string }) {
  const t = useT();
  const [term, setTerm] = useState('');
  const bikes = useBikes({ page: 1, limit: 100, searchTerm: term });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      value={value}
      placeholder={placeholder ?? t('fleet.picker.placeholder')}
      loading={bikes.isFetching}
      onChange={onChange}
      options={(bikes.data?.bikes ?? []).map((bike) => ({ value: bike._id, label: `${bike.name} (${bike.brand} ${bike.model})` }))}
      notFoundContent={bikes.isPending ? t('fleet.picker.loading') : t('fleet.picker.none')}
      style={{ width: '100%', maxWidth: 420 }}
    />
  );
}
