import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useThemeMode } from '../app/theme-mode.js';

export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const dark = mode === 'dark';
  const label = dark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        aria-label="Dark mode"
        aria-pressed={dark}
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
