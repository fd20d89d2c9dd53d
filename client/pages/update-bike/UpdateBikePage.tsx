import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Form } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useUpdateBike } from '../../api/admin-bikes.js';
import { useBike } from '../../api/bikes.js';
import { useT } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { BikeForm, showServerFieldErrors, type BikeFormValues } from '../../components/BikeForm.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { PageHeading } from '../../components/PageHeading.js';
import type { UpdateBikeLoaderData } from './loader.js';

const FORM_FIELDS = ['name', 'description', 'pricePerHour', 'cc', 'year', 'model', 'brand', 'imgageurl', 'quantity', 'depositAmount'] as const;

export default function UpdateBikePage() {
  const { id, currentYear } = useLoaderData() as UpdateBikeLoaderData;
  const { data: bike } = useBike(id);
  const [form] = Form.useForm<BikeFormValues>();
  const updateBike = useUpdateBike();
  const t = useT();
  // The quantity the form shows as loaded: the bike's figure when the form was filled, then what was last saved
  // (the form keeps its values while the cached bike refetches). Sent as `loadedQuantity`, so the server applies
  // only the change typed here.
  const [loadedQuantity, setLoadedQuantity] = useState<number | undefined>(bike?.quantity);

  // The loader put the bike in the cache before this screen rendered.
  if (!bike) return null;
  const initialValues = Object.fromEntries(FORM_FIELDS.map((field) => [field, bike[field]])) as Partial<BikeFormValues>;

  const submit = (values: BikeFormValues) => {
    updateBike.mutate(
      { id, input: { ...values, loadedQuantity } },
      {
        // Spec section 8 keeps this wording for the update as well.
        onSuccess: () => {
          setLoadedQuantity(Number(values.quantity));
          notify.success(t('admin.addBike.added'));
        },
        onError: (error) => {
          console.error('Updating the bike failed:', error);
          showServerFieldErrors(form, error);
        },
      },
    );
  };

  return (
    <>
      <PageHeading
        title={t('admin.updateBike.title')}
        lead={t('admin.updateBike.lead', { name: bike.name })}
        extra={
          <ButtonLink to="/dashboard/allbikes" icon={<ArrowLeftOutlined />}>
            {t('admin.bikes.title')}
          </ButtonLink>
        }
      />
      <Card>
        <BikeForm
          form={form}
          initialValues={initialValues}
          submitLabel={t('admin.bikes.update')}
          submitting={updateBike.isPending}
          maxYear={Math.max(currentYear + 1, bike.year)}
          currency={bike.currency}
          onSubmit={submit}
        />
      </Card>
    </>
  );
}
