import {
  Alert,
  Avatar,
  Button,
  Card,
  Carousel,
  Checkbox,
  Col,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Layout,
  Menu,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Rate,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * Every antd component the pages use, in the variants they use (issue 28, finding 3). The server renderer renders
 * this list into each theme's style cache before any page, in this fixed order, so the theme's stylesheet is the
 * same text, hence the same hashed URL, on every instance and after every restart: a page rendered by instance A
 * is styled by the sheet instance B serves. A component added to a page must be added here too; until it is, its
 * styles reach the page inline (RenderResult.antdExtraCss) and the server logs a warning naming nothing but the size.
 */
export const warmNodes: { name: string; node: () => ReactNode }[] = [
  { name: 'Layout', node: () => <Layout><Layout.Header /><Layout.Sider /><Layout.Content /><Layout.Footer /></Layout> },
  { name: 'Grid', node: () => <Row gutter={[16, 16]}><Col xs={24} sm={12} md={8} lg={6} xl={4} xxl={3} span={12} /></Row> },
  { name: 'Flex', node: () => <Flex gap="small" wrap vertical justify="center" align="center" /> },
  { name: 'Space', node: () => <Space wrap><Space.Compact><Button /><Input /></Space.Compact></Space> },
  { name: 'Divider', node: () => <><Divider /><Divider type="vertical" /><Divider>x</Divider></> },
  { name: 'Typography', node: () => <Typography><Typography.Title /><Typography.Text /><Typography.Paragraph /><Typography.Link /></Typography> },
  { name: 'Button', node: () => <><Button type="primary" /><Button danger /><Button type="link" /><Button type="text" /><Button loading /><Button icon={<span />} /></> },
  { name: 'Form', node: () => <Form layout="vertical"><Form.Item label="x" name="x" help="h" required><Input /></Form.Item></Form> },
  { name: 'Input', node: () => <><Input /><Input.Password /><Input.Search /><Input.TextArea /><Input.OTP /></> },
  { name: 'InputNumber', node: () => <InputNumber /> },
  { name: 'Select', node: () => <Select options={[{ value: 'a', label: 'a' }]} /> },
  { name: 'Checkbox', node: () => <><Checkbox /><Checkbox.Group options={['a']} /></> },
  { name: 'Radio', node: () => <Radio.Group options={['a']} optionType="button" /> },
  { name: 'Switch', node: () => <Switch /> },
  { name: 'Rate', node: () => <Rate /> },
  { name: 'Segmented', node: () => <Segmented options={['a', 'b']} /> },
  { name: 'Alert', node: () => <Alert message="x" /> },
  { name: 'Avatar', node: () => <Avatar.Group><Avatar /></Avatar.Group> },
  { name: 'Card', node: () => <Card title="x" extra="y" actions={[<span key="a" />]}><Card.Meta title="x" description="y" /><Card.Grid /></Card> },
  { name: 'Carousel', node: () => <Carousel><div /></Carousel> },
  { name: 'Descriptions', node: () => <Descriptions bordered items={[{ key: 'a', label: 'a', children: 'b' }]} /> },
  { name: 'Empty', node: () => <><Empty /><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /></> },
  { name: 'Result', node: () => <Result status="404" title="x" /> },
  { name: 'Statistic', node: () => <Statistic value={1} /> },
  { name: 'Progress', node: () => <><Progress percent={50} /><Progress type="circle" percent={50} /></> },
  { name: 'Skeleton', node: () => <><Skeleton active avatar /><Skeleton.Button /><Skeleton.Input /><Skeleton.Image /><Skeleton.Avatar /><Skeleton.Node /></> },
  { name: 'Tag', node: () => <><Tag color="blue" /><Tag color="success" /><Tag.CheckableTag checked /></> },
  { name: 'Timeline', node: () => <Timeline items={[{ children: 'x' }]} /> },
  { name: 'Tabs', node: () => <Tabs items={[{ key: 'a', label: 'a', children: 'b' }]} /> },
  { name: 'Menu', node: () => <Menu mode="inline" items={[{ key: 'a', label: 'a' }, { type: 'divider' }, { key: 'g', type: 'group', label: 'g', children: [{ key: 'b', label: 'b' }] }]} /> },
  { name: 'Dropdown', node: () => <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}><span /></Dropdown> },
  { name: 'Table', node: () => <Table rowKey="a" pagination={{ pageSize: 1 }} columns={[{ title: 'a', dataIndex: 'a', sorter: true }]} dataSource={[{ a: 1 }, { a: 2 }]} /> },
  { name: 'Tooltip', node: () => <Tooltip._InternalPanelDoNotUseOrYouWillBeFired title="x" /> },
  { name: 'Popconfirm', node: () => <Popconfirm._InternalPanelDoNotUseOrYouWillBeFired title="x" /> },
  { name: 'Modal', node: () => <Modal._InternalPanelDoNotUseOrYouWillBeFired /> },
  { name: 'Drawer', node: () => <Drawer._InternalPanelDoNotUseOrYouWillBeFired /> },
];

/** Renders the list into `wrap` (the theme's StyleProvider and ConfigProvider); one failing entry skips only itself. */
export function warmAntdStyles(wrap: (node: ReactNode) => ReactNode, onError: (name: string, error: unknown) => void): void {
  for (const { name, node } of warmNodes) {
    try {
      renderToString(wrap(node()));
    } catch (e) {
      onError(name, e);
    }
  }
}
