import { useState, type CSSProperties } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { StartNode } from '@oa/shared/workflow/definition';
import { DesignerContext, type DesignerView } from './designer-types';
import { FlowChain } from './flow-chain';
import './flow-designer.css';

interface FlowCanvasProps {
  root: StartNode;
  view: DesignerView;
  /** show the zoom buttons */
  zoomable?: boolean;
  style?: CSSProperties;
}

/** The diagram of a definition: editable when `view.actions` is set, read-only otherwise. */
export function FlowCanvas({ root, view, zoomable = true, style }: FlowCanvasProps) {
  const [zoom, setZoom] = useState(100);
  return (
    <DesignerContext.Provider value={view}>
      <div className={`wf-canvas${view.actions ? '' : ' wf-readonly'}`} style={{ position: 'relative', ...style }} data-testid="wf-canvas">
        {zoomable && (
          <Space style={{ position: 'sticky', top: 0, left: 0, zIndex: 5, float: 'right' }}>
            <Tooltip title="缩小">
              <Button size="small" icon={<MinusOutlined />} disabled={zoom <= 50} onClick={() => setZoom((z) => z - 10)} />
            </Tooltip>
            <span style={{ fontSize: 12, minWidth: 36, textAlign: 'center', display: 'inline-block' }}>{zoom}%</span>
            <Tooltip title="放大">
              <Button size="small" icon={<PlusOutlined />} disabled={zoom >= 150} onClick={() => setZoom((z) => z + 10)} />
            </Tooltip>
          </Space>
        )}
        <div className="wf-zoom" style={{ zoom: zoom / 100 }}>
          <FlowChain node={root} />
          <div className="wf-end">
            <span className="wf-end-dot" />
            流程结束
          </div>
        </div>
      </div>
    </DesignerContext.Provider>
  );
}
