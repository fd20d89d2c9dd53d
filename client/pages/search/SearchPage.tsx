import { Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { bikesQuery } from '../../api/bikes.js';
import { useApi } from '../../api/api-context.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Pager, useFocusListOnPage, usePageParam } from '../../components/Pager.js';
import { BikeGrid } from '../../components/BikeGrid.js';
import { SearchBox } from '../../components/SearchBox.js';
import { searchParamsOf } from './search-loader.js';
import { LoadError } from '../../components/LoadError.js';

export default function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('searchTerm') ?? '').trim();
  const api = useApi();
  const { page, goTo } = usePageParam();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const bikes = useQuery({ ...bikesQuery(api, searchParamsOf(term, page)), enabled: term !== '' });
  const { ref: resultsRef, paged } = useFocusListOnPage<HTMLElement>(page);
  // The loader fetches the next page before the URL changes: placeholders stand in for the cards meanwhile.
  const changing = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const totalPages = bikes.data?.totalPages ?? 1;

  let body;
  if (!term) {
    body = <Empty description="Type a bike name above to search our fleet." />;
  } else if (bikes.isError) {
    body = (
      <LoadError title="The search could not be loaded." onRetry={() => bikes.refetch()} retrying={bikes.isFetching} />
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
    body = (
      <>
        <section ref={resultsRef} tabIndex={-1} data-focus-target aria-label={`Search results, page ${Math.min(page, totalPages)} of ${totalPages}`}>
          <BikeGrid bikes={bikes.data?.bikes ?? []} loading={!bikes.data || changing} skeletons={3} label="Search results" />
        </section>
        {totalPages > 1 ? (
          <Pager
            className="okb-pager--center"
            label="Search result pages"
            page={page}
            totalPages={totalPages}
            busy={changing}
            onChange={(next) => {
              paged();
              goTo(next);
            }}
          />
        ) : null}
      </>
    );
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
