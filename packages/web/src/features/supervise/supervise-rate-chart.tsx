import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { SuperviseStat } from '@oa/shared/contract/supervise';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** On-time rates by lead department (loaded lazily: ECharts stays out of the main bundle). */
export default function SuperviseRateChart({ stats }: { stats: SuperviseStat[] }) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      style={{ height: 280 }}
      notMerge
      option={{
        tooltip: {
          trigger: 'axis',
          formatter: (p: Array<{ dataIndex: number }>) => {
            const s = stats[p[0].dataIndex];
            return `${s.deptName}<br/>按期办结率 ${s.rate}%<br/>督办 ${s.total} 项，办结 ${s.closed}，按期 ${s.onTime}，超期未办结 ${s.overdue}`;
          },
        },
        grid: { left: 48, right: 16, top: 24, bottom: 40 },
        xAxis: { type: 'category', data: stats.map((s) => s.deptName) },
        yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        series: [
          {
            type: 'bar',
            barMaxWidth: 36,
            data: stats.map((s) => ({
              value: s.rate,
              itemStyle: { color: s.rate >= 90 ? '#52c41a' : s.rate >= 60 ? '#1890ff' : '#f5222d' },
            })),
            label: { show: true, position: 'top', formatter: '{c}%' },
          },
        ],
      }}
    />
  );
}
