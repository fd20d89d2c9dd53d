import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useThemeMode } from '../app/theme-mode.js';

export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const dark = mode === 'dark';
  const label = dark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    // A native tooltip: antd's Tooltip would put its popup engine on every page's first load.
    <Button
      type="text"
      shape="circle"
      className="header-icon-button"
      aria-label="Dark mode"
      aria-pressed={dark}
      title={label}
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggle}
    />
  );
}
