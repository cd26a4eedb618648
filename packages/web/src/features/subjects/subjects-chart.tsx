import type { CSSProperties } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts the progress page uses (tree-shaken; the whole of echarts was a 180 KB gzip chunk): loaded lazily.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One chart of the subjects' progress page. */
export default function SubjectsChart({ option, style }: { option: object; style?: CSSProperties }) {
  return <ReactEChartsCore echarts={echarts} option={option} style={style} />;
}
