import { Collapse } from 'antd';
import { useMyReports } from '../../api/counter.js';
import { useT } from '../../app/i18n.js';
import { ConditionView, DamageReportView } from '../../components/DamageReportView.js';

/** The customer's return report of one rental (issue 22): the condition at check-in, damage found, photos. */
export function ReturnReport({ rentalId }: { rentalId: string }) {
  const t = useT();
  const reports = useMyReports();
  const report = reports.data?.find((r) => r.rentalId === rentalId);
  if (!report) return null;
  const damaged = report.damageReports.length > 0;
  return (
    <Collapse
      className="return-report"
      size="small"
      defaultActiveKey={damaged ? ['report'] : []}
      items={[
        {
          key: 'report',
          label: damaged ? t('fleet.returnReport.damage', { count: report.damageReports.length }) : t('fleet.returnReport.clean'),
          children: (
            <>
              {report.damageReports.map((r) => <DamageReportView key={r._id} report={r} />)}
              {report.conditions.map((c) => <ConditionView key={c._id} condition={c} />)}
            </>
          ),
        },
      ]}
    />
  );
}
