import { Tooltip, type TooltipProps } from 'antd';
import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react';

/**
 * antd's hover Tooltip, mounted when it is first wanted: until the pointer enters its child only the child renders,
 * the same markup the Tooltip renders around it. A page with many tooltips (the admin dashboard's chart bars and
 * definitions: about 25) no longer builds every closed tooltip on the server and again at hydration: each costs
 * antd's token, placement and motion work (issue 29, bench/README.md). The first hover opens it at once
 * (`defaultOpen`); from then on it is antd's Tooltip as before.
 */
export function HoverTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<{ onPointerEnter?: (event: PointerEvent) => void }> }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) {
    return (
      <Tooltip {...props} defaultOpen>
        {children}
      </Tooltip>
    );
  }
  const own = children.props.onPointerEnter;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent) => {
      own?.(event);
      // A tap too: the browser follows it with the mouse events antd's hover trigger opens on.
      setWanted(true);
    },
  });
}
