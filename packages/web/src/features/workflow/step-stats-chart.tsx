import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const hours = (ms: number | null) => (ms == null ? 0 : Math.round((ms / 3_600_000) * 10) / 10);

/** Median and 90% time (hours) per label as bars (loaded lazily: ECharts stays out of the main bundle). */
export default function StepStatsChart({
  rows,
  label,
}: {
  rows: Array<{ name: string; medianMs: number | null; p90Ms: number | null; count: number }>;
  label: string;
}) {
  return (
    <div role="img" aria-label={label} data-testid="step-stats-chart">
      <ReactEChartsCore
        echarts={echarts}
        style={{ height: 300 }}
        notMerge
        option={{
          tooltip: {
            trigger: 'axis',
            formatter: (p: Array<{ dataIndex: number }>) => {
              const r = rows[p[0].dataIndex];
              return `${r.name}<br/>中位用时 ${hours(r.medianMs)} 小时<br/>90%用时 ${hours(r.p90Ms)} 小时<br/>次数 ${r.count}`;
            },
          },
          legend: { data: ['中位用时', '90%用时'], top: 0 },
          grid: { left: 56, right: 16, top: 36, bottom: 48 },
          xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, hideOverlap: true } },
          yAxis: { type: 'value', name: '小时' },
          series: [
            { name: '中位用时', type: 'bar', data: rows.map((r) => hours(r.medianMs)), itemStyle: { color: '#1677ff' } },
            { name: '90%用时', type: 'bar', data: rows.map((r) => hours(r.p90Ms)), itemStyle: { color: '#fa8c16' } },
          ],
        }}
      />
    </div>
  );
}
