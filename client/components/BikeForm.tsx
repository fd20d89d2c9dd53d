import { PictureOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Switch, theme, type FormInstance } from 'antd';
import { useState } from 'react';
import type { BikeInput } from '../api/admin-bikes.js';
import { isApiError } from '../api/http.js';
import { useShopCurrency } from '../app/app-settings.js';
import { useLocale, useT, type MessageId } from '../app/i18n.js';
import { useHydrated } from '../app/use-hydrated.js';
import { currencyPrefix, moneyPrecision } from '../lib/money.js';
import { decorativeIcon } from './decorative-icon.js';

export type BikeFormValues = BikeInput;

/** The server's rule for `imgageurl`: an http(s) URL or a path on this site (never javascript:, data: or //host). */
const IMAGE_URL = /^(?:https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;

/** The form's fields, by name (every one of BikeFormValues: the compiler rejects a missing or unknown name). */
const FIELDS: Record<keyof BikeFormValues, true> = {
  name: true,
  description: true,
  pricePerHour: true,
  cc: true,
  year: true,
  model: true,
  brand: true,
  imgageurl: true,
  quantity: true,
  isAvailable: true,
  depositAmount: true,
};
const isField = (path: string): path is keyof BikeFormValues => Object.hasOwn(FIELDS, path);

/**
 * Shows the server's field errors (400 `errors: [{ path, message }]`) under the fields they belong to. Returns
 * whether any were shown.
 */
export function showServerFieldErrors(form: FormInstance<BikeFormValues>, error: unknown): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  const byField = new Map<keyof BikeFormValues, string[]>();
  for (const { path, message } of error.errors) {
    if (isField(path)) byField.set(path, [...(byField.get(path) ?? []), message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return byField.size > 0;
}

/** Example values the fields show before anything is typed (names of real bikes and a path: not translated). */
const EXAMPLES = { name: 'Yamaha R15 V4', brand: 'Yamaha', model: 'R15', imageUrl: '/images/bikes/sport-red.svg' };

function ImagePreview({ url }: { url: string | undefined }) {
  const { token } = theme.useToken();
  const t = useT();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const valid = typeof url === 'string' && IMAGE_URL.test(url.trim());
  const src = valid ? url.trim() : null;
  const showImage = src !== null && failedUrl !== src;
  return (
    <figure
      style={{
        margin: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
      }}
    >
      <div
        style={{
          aspectRatio: '4 / 3',
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          borderRadius: token.borderRadiusLG,
          border: `1px dashed ${token.colorBorder}`,
          background: token.colorFillQuaternary,
        }}
      >
        {showImage ? (
          <img
            src={src}
            alt={t('admin.bikeForm.previewAlt')}
            onError={() => setFailedUrl(src)}
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <PictureOutlined {...decorativeIcon} style={{ fontSize: 40, color: token.colorTextTertiary }} />
        )}
      </div>
      <figcaption style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {showImage ? t('admin.bikeForm.preview') : src ? t('admin.bikeForm.previewFailed') : t('admin.bikeForm.previewHint')}
      </figcaption>
    </figure>
  );
}

interface BikeFormProps {
  form: FormInstance<BikeFormValues>;
  initialValues: Partial<BikeFormValues>;
  submitLabel: string;
  submitting: boolean;
  /** The Add screen sets availability; the Update screen keeps the current value (spec section 2 lists its fields). */
  showAvailability?: boolean;
  /** The latest model year accepted (next year), from the loader so server and browser agree on it. */
  maxYear: number;
  onSubmit: (values: BikeFormValues) => void;
  /** The bike's currency (Update); a new bike takes the shop's (RENTAL_CURRENCY). */
  currency?: string;
}

const wholeNumber = { width: '100%' } as const;

/** The bike fields of the Add and Update screens: all required, numbers as numbers, a live image preview. */
export function BikeForm({ form, initialValues, submitLabel, submitting, showAvailability = false, maxYear, onSubmit, currency: bikeCurrency }: BikeFormProps) {
  const shopCurrency = useShopCurrency();
  const currency = bikeCurrency ?? shopCurrency;
  // The currency's own decimals (JPY none, KWD three) and sign.
  const money = { precision: moneyPrecision(currency), prefix: currencyPrefix(currency) };
  const hydrated = useHydrated();
  const { token } = theme.useToken();
  const imageUrl = Form.useWatch('imgageurl', form);
  const t = useT();
  const locale = useLocale();
  const required = (message: MessageId) => ({ required: true, message: t(message) });
  // 'At most 2048 characters': the limit without grouping, in the page's digits.
  const atMost = (max: number) => ({ max, message: t('admin.bikeForm.atMost', { max: max.toLocaleString(locale, { useGrouping: false }) }) });

  return (
    <Form<BikeFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      requiredMark={false}
      scrollToFirstError
    >
      <Row gutter={[24, 0]}>
        <Col xs={24} lg={16}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('admin.common.name')} name="name" rules={[required('admin.bikeForm.required.name'), atMost(100)]}>
                <Input autoComplete="off" placeholder={EXAMPLES.name} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('bike.fact.brand')} name="brand" rules={[required('admin.bikeForm.required.brand'), atMost(100)]}>
                <Input autoComplete="off" placeholder={EXAMPLES.brand} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('bike.fact.model')} name="model" rules={[required('admin.bikeForm.required.model'), atMost(100)]}>
                <Input autoComplete="off" placeholder={EXAMPLES.model} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('bike.fact.year')} name="year" rules={[required('admin.bikeForm.required.year')]}>
                <InputNumber min={1900} max={maxYear} precision={0} style={wholeNumber} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('bike.fact.cc')} name="cc" rules={[required('admin.bikeForm.required.cc')]}>
                <InputNumber min={0} max={5000} precision={0} style={wholeNumber} />
              </Form.Item>
            </Col>
            <Col xs={12} md={12}>
              <Form.Item label={t('admin.bikeForm.pricePerHour')} name="pricePerHour" rules={[required('admin.bikeForm.required.price')]}>
                <InputNumber min={0} max={100000} {...money} step={0.5} style={wholeNumber} />
              </Form.Item>
            </Col>
            <Col xs={12} md={12}>
              <Form.Item label={t('admin.common.quantity')} name="quantity" rules={[required('admin.bikeForm.required.quantity')]}>
                <InputNumber min={0} max={10000} precision={0} style={wholeNumber} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('admin.bikeForm.deposit')}
                name="depositAmount"
                extra={t('admin.bikeForm.depositHelp')}
              >
                <InputNumber min={0} max={1000000} {...money} step={10} style={wholeNumber} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                label={t('admin.bikeForm.imageUrl')}
                name="imgageurl"
                rules={[required('admin.bikeForm.required.imageUrl'), { pattern: IMAGE_URL, message: t('admin.bikeForm.imageUrlPattern') }, atMost(2048)]}
              >
                <Input autoComplete="off" inputMode="url" placeholder={EXAMPLES.imageUrl} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('admin.common.description')} name="description" rules={[required('admin.bikeForm.required.description')]}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount styles={{ count: { color: token.colorTextSecondary } }} />
              </Form.Item>
            </Col>
            {showAvailability ? (
              <Col span={24}>
                <Form.Item label={t('bike.available')} name="isAvailable" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </Col>
        <Col xs={24} lg={8}>
          <ImagePreview url={imageUrl} />
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" size="large" loading={submitting} disabled={!hydrated} style={{ marginTop: 8 }}>
        {submitLabel}
      </Button>
    </Form>
  );
}
