import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts the home charts use (tree-shaken): this module is loaded lazily.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One ECharts chart (this module and echarts are loaded lazily, only where a chart is shown). */
export default function EChart({ option, label, height = 260 }: { option: object; label: string; height?: number }) {
  return (
    <div role="img" aria-label={label} data-testid="echart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge lazyUpdate />
    </div>
  );
}
