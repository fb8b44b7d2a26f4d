package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.channel.IngestionChannel;

/**
 * The topology as an inline SVG graph laid out along the data flow, top to bottom: one box per
 * component (the generator first when it logged its sends) holding its compute hop's p50, p99
 * and bound and, for a component of several tasks, each task's (the slowest
 * {@link #SLOWEST_TASKS} by p99 and a count of the rest when there are more than
 * {@link #MAX_TASK_LINES}) and how many had no bounded sample, one arrow per transfer hop labelled
 * with the same, dashed for a chained hop (one thread, a method call) with a legend below the
 * graph then. A component's row is the longest chain of transfers that leads to it, so a
 * fan-out spreads across a row. Stateless.
 */
final class TopologyGraph {

    private static final int WIDTH = SvgCharts.PAGE_WIDTH;
    private static final int NODE_HEIGHT = 58;
    /** Room between two rows for the arrows and their labels. */
    private static final int ROW_GAP = 64;
    private static final int TOP = 10;
    private static final int LINE_HEIGHT = 13;
    private static final int MAX_LABEL_WIDTH = 240;
    private static final int MAX_NODE_WIDTH = 250;
    /** Lines of figures a box holds: one compute hop's (always local: one task's in and out). */
    private static final int NODE_LINES = 2;
    /** Room for one more line in a box. */
    private static final int NODE_LINE_HEIGHT = 14;
    /** A component of up to this many tasks lists them all. */
    static final int MAX_TASK_LINES = 8;
    /** How many tasks a component of more than {@link #MAX_TASK_LINES} lists, slowest first. */
    static final int SLOWEST_TASKS = 5;
    private static final String NODE_FILL = "#eef3fb";
    private static final String EDGE_COLOR = "#5a6b80";
    /** A chained hop's arrow: dashes, so it reads apart from a transfer's without colour. */
    private static final String CHAINED_DASHES = "6 4";
    /** Room below the graph for the legend of the arrows. */
    private static final int LEGEND_HEIGHT = 22;

    private TopologyGraph() {}

    /** The graph of {@code hops}' components, or a paragraph saying why there is none. */
    static String render(List<AnalysisSummary.HopRow> hops,
            List<AnalysisSummary.Operator> operators) {
        Map<String, List<AnalysisSummary.HopRow>> computeHops = new LinkedHashMap<>();
        Map<List<String>, List<AnalysisSummary.HopRow>> transfers = new LinkedHashMap<>();
        List<String> components = new ArrayList<>();
        for (AnalysisSummary.HopRow hop : hops) {
            if (HopKind.endToEnd(hop.kind())) {
                continue;
            }
            addOnce(components, hop.from());
            addOnce(components, hop.to());
            if (hop.kind().equals(HopKind.COMPUTE.name())) {
                computeHops.computeIfAbsent(hop.from(), name -> new ArrayList<>()).add(hop);
            } else {
                transfers.computeIfAbsent(List.of(hop.from(), hop.to()), edge -> new ArrayList<>())
                        .add(hop);
            }
        }
        if (components.isEmpty()) {
            return "<p>No hops: no topology to draw.</p>";
        }
        Map<String, Integer> row = rows(components, transfers.keySet());
        int rowCount = row.values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
        Map<String, Integer> tasks = new LinkedHashMap<>();
        operators.forEach(operator -> tasks.put(operator.component(), operator.tasks()));
        Map<String, List<String>> taskLines = new LinkedHashMap<>();
        computeHops.forEach((component, rows) -> taskLines.put(component,
                taskLines(rows, tasks.get(component))));
        int nodeHeight = NODE_HEIGHT + NODE_LINE_HEIGHT * taskLines.values().stream()
                .mapToInt(List::size).max().orElse(0);
        Map<String, double[]> centre = centres(components, row, rowCount, nodeHeight);
        boolean anyChained = transfers.values().stream().anyMatch(TopologyGraph::chained);
        int graphHeight = TOP + rowCount * (nodeHeight + ROW_GAP) - ROW_GAP + TOP;
        int height = graphHeight + (anyChained ? LEGEND_HEIGHT : 0);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\""
                        + " aria-label=\"Topology with the latency of each hop\"><defs><marker"
                        + " id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\""
                        + " markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0"
                        + " L10,5 L0,10 z\" fill=\"%s\"/></marker></defs>", WIDTH, height,
                EDGE_COLOR));
        double nodeWidth = nodeWidth(row, rowCount);
        Map<String, Integer> arrowsIn = new LinkedHashMap<>();
        Map<String, Integer> arrowsOut = new LinkedHashMap<>();
        transfers.forEach((edge, rows) -> {
            arrowsOut.merge(edge.get(0), 1, Integer::sum);
            arrowsIn.merge(edge.get(1), 1, Integer::sum);
            arrow(svg, centre.get(edge.get(0)), centre.get(edge.get(1)), nodeHeight,
                    chained(rows));
        });
        // Labels after every arrow, so that no arrow is drawn over a label.
        double labelWidth = Math.min(MAX_LABEL_WIDTH, nodeWidth + 10);
        transfers.forEach((edge, rows) -> {
            List<String> lines = new ArrayList<>();
            rows.forEach(hop -> lines.addAll(figures(hop, rows.size() > 1)));
            label(svg, centre.get(edge.get(0)), centre.get(edge.get(1)), lines,
                    arrowsIn.get(edge.get(1)) == 1, arrowsOut.get(edge.get(0)) == 1, labelWidth,
                    nodeHeight);
        });
        for (String component : components) {
            node(svg, component, tasks.get(component), centre.get(component), nodeWidth,
                    nodeHeight, computeHops.getOrDefault(component, List.of()),
                    taskLines.getOrDefault(component, List.of()));
        }
        if (anyChained) {
            legend(svg, graphHeight);
        }
        return svg.append("</svg>").toString();
    }

    /** Whether an arrow's rows are of a chained hop: its two ends run in one thread. */
    private static boolean chained(List<AnalysisSummary.HopRow> rows) {
        return rows.stream().anyMatch(hop -> hop.kind().equals(HopKind.CHAINED.name()));
    }

    /** What a solid and a dashed arrow mean, in a line below the graph. */
    private static void legend(StringBuilder svg, int top) {
        double y = top + LEGEND_HEIGHT / 2.0;
        svg.append(String.format(Locale.ROOT, "<line x1=\"10\" y1=\"%.1f\" x2=\"40\""
                + " y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>", y, y, EDGE_COLOR))
                .append(SvgCharts.text(46, y + 4, "start", "transfer: a hand-off between"
                        + " threads"))
                .append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\""
                        + " y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\""
                        + " stroke-dasharray=\"%s\"/>", WIDTH / 2, y, WIDTH / 2 + 30, y,
                        EDGE_COLOR, CHAINED_DASHES))
                .append(SvgCharts.text(WIDTH / 2 + 36, y + 4, "start", "chained: the next"
                        + " operator in the same thread, a method call"));
    }

    private static void addOnce(List<String> components, String component) {
        if (!components.contains(component)) {
            components.add(component);
        }
    }

    /**
     * Each component's row: one below the lowest of its upstream components. A cycle cannot
     * push a component below the last row, as no chain is longer than the components.
     */
    private static Map<String, Integer> rows(List<String> components,
            Iterable<List<String>> edges) {
        Map<String, Integer> row = new LinkedHashMap<>();
        components.forEach(component -> row.put(component, 0));
        for (int pass = 0; pass < components.size(); pass++) {
            boolean moved = false;
            for (List<String> edge : edges) {
                int below = row.get(edge.get(0)) + 1;
                if (below > row.get(edge.get(1)) && below < components.size()) {
                    row.put(edge.get(1), below);
                    moved = true;
                }
            }
            if (!moved) {
                break;
            }
        }
        return row;
    }

    /** Each component's box centre: its row's components spread evenly across the width. */
    private static Map<String, double[]> centres(List<String> components,
            Map<String, Integer> row, int rowCount, int nodeHeight) {
        Map<String, double[]> centre = new LinkedHashMap<>();
        for (int r = 0; r < rowCount; r++) {
            int rowIndex = r;
            List<String> inRow = components.stream().filter(c -> row.get(c) == rowIndex).toList();
            for (int i = 0; i < inRow.size(); i++) {
                double x = WIDTH * (i + 0.5) / inRow.size();
                double y = TOP + r * (nodeHeight + ROW_GAP) + nodeHeight / 2.0;
                centre.put(inRow.get(i), new double[] {x, y});
            }
        }
        return centre;
    }

    /** As wide as the fullest row allows, with a gap between neighbours. */
    private static double nodeWidth(Map<String, Integer> row, int rowCount) {
        int widest = 1;
        for (int r = 0; r < rowCount; r++) {
            int rowIndex = r;
            widest = Math.max(widest, (int) row.values().stream().filter(v -> v == rowIndex)
                    .count());
        }
        return Math.min(MAX_NODE_WIDTH, WIDTH / (double) widest - 24);
    }

    private static void node(StringBuilder svg, String component, Integer tasks, double[] centre,
            double width, int height, List<AnalysisSummary.HopRow> compute,
            List<String> taskLines) {
        double left = centre[0] - width / 2;
        double top = centre[1] - height / 2.0;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                + " height=\"%d\" rx=\"6\" fill=\"%s\" stroke=\"%s\"/>", left, top, width,
                height, NODE_FILL, EDGE_COLOR));
        String title = tasks == null || tasks <= 1 ? component
                : component + " (" + tasks + " tasks)";
        svg.append(SvgCharts.text(centre[0], top + 16, "middle", title, width - 8)
                .replace("<text ", "<text font-weight=\"bold\" "));
        List<String> lines = new ArrayList<>();
        for (AnalysisSummary.HopRow hop : compute) {
            lines.addAll(figures(hop, compute.size() > 1));
        }
        if (lines.isEmpty()) {
            lines.add(component.equals(IngestionChannel.COMPONENT) ? "sends the tuples"
                    : "no compute hop");
        }
        for (int i = 0; i < Math.min(NODE_LINES, lines.size()); i++) {
            svg.append(SvgCharts.text(centre[0], top + 33 + NODE_LINE_HEIGHT * i, "middle",
                    lines.get(i), width - 8));
        }
        for (int i = 0; i < taskLines.size(); i++) {
            svg.append(SvgCharts.text(centre[0], top + 33 + NODE_LINE_HEIGHT * (NODE_LINES + i),
                    "middle", taskLines.get(i), width - 8));
        }
    }

    /**
     * The lines a box gives its tasks: none for a component of one task (its figures are the
     * component's) or without bounded samples, else a heading and one line per task with some
     * in task order, or the slowest by p99 and a count of the rest when there are too many to
     * list; then how many of its {@code taskCount} tasks (null if not known) have none, which
     * {@code hops[].tasks} leaves out (a grouping that never sent them a tuple).
     */
    static List<String> taskLines(List<AnalysisSummary.HopRow> compute, Integer taskCount) {
        List<AnalysisSummary.TaskFigures> tasks = new ArrayList<>();
        compute.stream().filter(hop -> hop.tasks() != null).forEach(hop ->
                tasks.addAll(hop.tasks()));
        int withoutBounded = taskCount == null ? 0 : Math.max(0, taskCount - tasks.size());
        if (tasks.isEmpty() || tasks.size() + withoutBounded <= 1) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("per task: p50 · p99 · bound");
        if (tasks.size() <= MAX_TASK_LINES) {
            tasks.forEach(task -> lines.add(taskLine(task)));
        } else {
            tasks.stream().sorted(Comparator.comparingDouble(AnalysisSummary.TaskFigures::p99)
                    .reversed()).limit(SLOWEST_TASKS).forEach(task -> lines.add(taskLine(task)));
            // Not "faster": the rest may tie with the last one listed.
            lines.add(String.format(Locale.ROOT, "and %d more tasks, none slower",
                    tasks.size() - SLOWEST_TASKS));
        }
        if (withoutBounded > 0) {
            lines.add(withoutBounded == 1 ? "1 task without bounded samples"
                    : String.format(Locale.ROOT, "%d tasks without bounded samples",
                            withoutBounded));
        }
        return lines;
    }

    private static String taskLine(AnalysisSummary.TaskFigures task) {
        return "task " + task.task() + ": " + SvgCharts.durationLabel(task.p50()) + " · "
                + SvgCharts.durationLabel(task.p99()) + " · ≤ "
                + SvgCharts.durationLabel(task.boundMax());
    }

    private static void arrow(StringBuilder svg, double[] from, double[] to, int nodeHeight,
            boolean chained) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\""
                + " y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"%s"
                + " marker-end=\"url(#arrow)\"/>", from[0], from[1] + nodeHeight / 2.0, to[0],
                to[1] - nodeHeight / 2.0 - 1, EDGE_COLOR,
                chained ? " stroke-dasharray=\"" + CHAINED_DASHES + "\"" : ""));
    }

    /**
     * An arrow's figures by the end of it that no other arrow shares: above the target when it
     * is the target's only arrow in (a fan-out's branches are a column apart there), else below
     * the source when it is the source's only arrow out (a fan-in), else at its middle. Centred
     * on the arrow, so neighbouring columns' labels never meet, with a white halo where the
     * arrow crosses them; beside it where the arrow is vertical.
     */
    private static void label(StringBuilder svg, double[] from, double[] to, List<String> lines,
            boolean onlyIntoTarget, boolean onlyOutOfSource, double maxWidth, int nodeHeight) {
        double startY = from[1] + nodeHeight / 2.0;
        double endY = to[1] - nodeHeight / 2.0 - 1;
        double anchorX;
        double firstY;
        if (onlyIntoTarget) {
            anchorX = to[0];
            firstY = endY - 6 - LINE_HEIGHT * (lines.size() - 1);
        } else if (onlyOutOfSource) {
            anchorX = from[0];
            firstY = startY + LINE_HEIGHT;
        } else {
            anchorX = (from[0] + to[0]) / 2;
            firstY = (startY + endY) / 2 - LINE_HEIGHT * (lines.size() / 2.0 - 1);
        }
        boolean vertical = Math.abs(from[0] - to[0]) < 1;
        for (int i = 0; i < lines.size(); i++) {
            svg.append(SvgCharts.text(vertical ? anchorX + 6 : anchorX, firstY + LINE_HEIGHT * i,
                    vertical ? "start" : "middle", lines.get(i), maxWidth).replace("<text ",
                            "<text stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" "));
        }
    }

    /**
     * A hop row's figures in two lines, p50 and p99, then the largest bound; or why there are
     * none. Prefixed by the locality when the hop has rows at several.
     */
    static List<String> figures(AnalysisSummary.HopRow hop, boolean withLocality) {
        String prefix = withLocality ? hop.locality().toLowerCase(Locale.ROOT) + ": " : "";
        if (hop.latencyNs() == null) {
            return List.of(prefix + (hop.unboundedSamples() > 0
                    ? String.format(Locale.ROOT, "%,d unbounded samples", hop.unboundedSamples())
                    : "no samples"));
        }
        return List.of(prefix + "p50 " + SvgCharts.durationLabel(hop.latencyNs().p50())
                + " · p99 " + SvgCharts.durationLabel(hop.latencyNs().p99()),
                "bound ≤ " + SvgCharts.durationLabel(hop.boundNs().max()));
    }
}
