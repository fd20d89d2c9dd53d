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
import { useT } from '../../app/i18n.js';
import { unlessFailed } from '../../app/prefetch.js';

export default function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('searchTerm') ?? '').trim();
  const api = useApi();
  const t = useT();
  const { page, goTo } = usePageParam();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The loader asked for these results: a failure it met is shown (with Retry), not asked for again.
  const bikes = useQuery({ ...bikesQuery(api, searchParamsOf(term, page)), enabled: (query) => term !== '' && unlessFailed(query) });
  const { ref: resultsRef, paged } = useFocusListOnPage<HTMLElement>(page);
  // The loader fetches the next page before the URL changes: placeholders stand in for the cards meanwhile.
  const changing = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const totalPages = bikes.data?.totalPages ?? 1;

  let body;
  if (!term) {
    body = <Empty description={t('searchPage.typeToSearch')} />;
  } else if (bikes.isError) {
    body = (
      <LoadError title={t('searchPage.loadError')} onRetry={() => bikes.refetch()} retrying={bikes.isFetching} />
    );
  } else if (bikes.data && bikes.data.bikes.length === 0) {
    body = (
      <Empty description={t('searchPage.noMatch', { term })}>
        <ButtonLink to="/allbikes" type="primary">
          {t('searchPage.browseAll')}
        </ButtonLink>
      </Empty>
    );
  } else {
    body = (
      <>
        <section ref={resultsRef} tabIndex={-1} data-focus-target aria-label={t('searchPage.resultsPage', { page: Math.min(page, totalPages), total: totalPages })}>
          {/* The cards' h3 names sit under a heading of their own, not straight under the h1 (heading order). */}
          <h2 className="visually-hidden">{t('searchPage.results')}</h2>
          <BikeGrid bikes={bikes.data?.bikes ?? []} loading={!bikes.data || changing} skeletons={3} label={t('searchPage.results')} />
        </section>
        {totalPages > 1 ? (
          <Pager
            className="okb-pager--center"
            label={t('searchPage.pages')}
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
        title={t('searchPage.title')}
        lead={term && bikes.data ? t('searchPage.count', { count: bikes.data.totalCount, term }) : undefined}
      />
      <div style={{ marginBottom: 32 }}>
        <SearchBox key={term} initialTerm={term} />
      </div>
      {body}
    </div>
  );
}
