import { Alert, Button, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { bikesQuery } from '../../api/bikes.js';
import { useApi } from '../../api/api-context.js';
import { usePageMeta } from '../../app/head.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { PageHeading } from '../../components/PageHeading.js';
import { BikeGrid } from './BikeGrid.js';
import { SearchBox } from './SearchBox.js';

export default function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('searchTerm') ?? '').trim();
  usePageMeta({
    title: term ? `Bikes matching "${term}"` : 'Search bikes',
    description: 'Search Okay Bike by name and rent a bike by the hour.',
  });
  const api = useApi();
  const bikes = useQuery({ ...bikesQuery(api, { searchTerm: term }), enabled: term !== '' });

  let body;
  if (!term) {
    body = <Empty description="Type a bike name above to search our fleet." />;
  } else if (bikes.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The search could not be loaded."
        action={
          <Button onClick={() => void bikes.refetch()} loading={bikes.isFetching}>
            Retry
          </Button>
        }
      />
    );
  } else if (bikes.data && bikes.data.bikes.length === 0) {
    body = (
      <Empty description={`No bikes match "${term}".`}>
        <ButtonLink to="/allbikes" type="primary">
          Browse all bikes
        </ButtonLink>
      </Empty>
    );
  } else {
    body = <BikeGrid bikes={bikes.data?.bikes ?? []} loading={!bikes.data} skeletons={3} label="Search results" />;
  }

  return (
    <div className="page-container page-section">
      <PageHeading
        title="Available Bikes"
        lead={term && bikes.data ? `${bikes.data.totalCount} result${bikes.data.totalCount === 1 ? '' : 's'} for "${term}"` : undefined}
      />
      <div style={{ marginBottom: 32 }}>
        <SearchBox key={term} initialTerm={term} />
      </div>
      {body}
    </div>
  );
}
