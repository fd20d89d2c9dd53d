import { Card, Form } from 'antd';
import { useLoaderData } from 'react-router-dom';
import { useCreateBike } from '../../api/admin-bikes.js';
import { isApiError } from '../../api/http.js';
import { useT } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { BikeForm, showServerFieldErrors, type BikeFormValues } from '../../components/BikeForm.js';
import { PageHeading } from '../../components/PageHeading.js';
import type { AddBikeLoaderData } from './loader.js';

export default function AddBikePage() {
  const { currentYear } = useLoaderData() as AddBikeLoaderData;
  const [form] = Form.useForm<BikeFormValues>();
  const createBike = useCreateBike();
  const t = useT();
  // Spec section 5: year defaults to the current year, quantity and price to 0, available by default.
  const defaults: Partial<BikeFormValues> = { year: currentYear, quantity: 0, pricePerHour: 0, isAvailable: true };

  const submit = (values: BikeFormValues) => {
    createBike.mutate(values, {
      onSuccess: () => {
        notify.success(t('admin.addBike.added'));
        form.resetFields();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) {
          showServerFieldErrors(form, error);
          notify.error(t('admin.addBike.fillAll'));
        } else {
          notify.error(t('admin.addBike.failed'));
        }
      },
    });
  };

  return (
    <>
      <PageHeading title={t('admin.addBike.title')} lead={t('admin.addBike.lead')} />
      <Card>
        <BikeForm
          form={form}
          initialValues={defaults}
          submitLabel={t('admin.bikes.add')}
          submitting={createBike.isPending}
          showAvailability
          maxYear={currentYear + 1}
          onSubmit={submit}
        />
      </Card>
    </>
  );
}
