import { useEffect, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { idleMoment, nextFrame } from '../../lib/after-paint';

// Only the parts the home charts use (tree-shaken): this module is loaded lazily.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * The page's own fonts for the charts' texts (echarts would measure them in "sans-serif"): the page has them loaded
 * and matched, while a canvas measuring Chinese in another family looked for a fallback font first (tens of
 * milliseconds of the chart's first frame).
 */
const fontFamily = getComputedStyle(document.body).fontFamily;

/** The charts' turns: one chart starts at a time, once the one before has drawn its first frame and the page is idle. */
let turns: Promise<void> = Promise.resolve();

/**
 * True once this chart may start. A chart's start (its options laid out) and its first frame are tens of milliseconds
 * of main thread each: 首页's three charts together made two long tasks right after its first paint; one after another
 * they are short ones.
 */
function useTurn(): boolean {
  const [mine, setMine] = useState(false);
  useEffect(() => {
    let live = true;
    turns = turns
      .then(() => idleMoment(300))
      .then(() => {
        if (!live) return;
        setMine(true);
        // the chart mounts in the render this asks for and draws its first frame in the frame after it
        return nextFrame().then(nextFrame);
      });
    return () => {
      live = false;
    };
  }, []);
  return mine;
}

/** One ECharts chart (this module and echarts are loaded lazily, only where a chart is shown). */
export default function EChart({ option, label, height = 260 }: { option: object; label: string; height?: number }) {
  const mine = useTurn();
  return (
    <div role="img" aria-label={label} data-testid="echart" style={{ minHeight: height }}>
      {mine && (
        <ReactEChartsCore echarts={echarts} option={{ textStyle: { fontFamily }, ...option }} style={{ height }} notMerge lazyUpdate />
      )}
    </div>
  );
}
