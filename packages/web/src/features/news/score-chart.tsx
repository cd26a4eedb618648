import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
import type { DeptScore } from '@oa/shared/contract/news';

/** The department ranking as a horizontal bar chart (loaded lazily with ECharts). */
export default function ScoreChart({ data }: { data: DeptScore[] }) {
  const rows = [...data].reverse();
  return (
    <ReactEChartsCore
      echarts={echarts}
      style={{ height: Math.max(220, rows.length * 36 + 60) }}
      notMerge
      option={{
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { data: ['投稿', '采用', '表扬', '积分'] },
        grid: { left: 100, right: 30, top: 36, bottom: 20 },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', data: rows.map((r) => r.deptName) },
        series: [
          {
            name: '积分',
            type: 'bar',
            data: rows.map((r) => r.score),
            itemStyle: { color: '#1890ff' },
            label: { show: true, position: 'right' },
          },
          { name: '投稿', type: 'bar', data: rows.map((r) => r.submissions), itemStyle: { color: '#91caff' } },
          { name: '采用', type: 'bar', data: rows.map((r) => r.adopted), itemStyle: { color: '#95de64' } },
          { name: '表扬', type: 'bar', data: rows.map((r) => r.commended), itemStyle: { color: '#ffc53d' } },
        ],
      }}
    />
  );
}
