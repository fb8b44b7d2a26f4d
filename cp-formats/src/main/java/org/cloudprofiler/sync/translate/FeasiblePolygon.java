package org.cloudprofiler.sync.translate;

import java.util.ArrayList;
import java.util.List;

/**
 * The convex polygon of points (a, k) that satisfy a set of {@link HalfPlane}s, built by clipping
 * a large box with one half-plane at a time. Mutable; not thread-safe.
 *
 * <p>The polygon is kept as its cycle of edge lines; vertex i is where edge i meets edge i + 1.
 * Each new vertex is solved from the two lines that meet there, never interpolated along an
 * edge: the box's edges are 2^62 long, and an interpolated point would lose every digit that
 * matters.
 */
final class FeasiblePolygon {

    private List<HalfPlane> edges = new ArrayList<>();
    private List<double[]> vertices = new ArrayList<>();

    /**
     * The box {@code |a| ≤ maxAbsIntercept}, {@code minSkew ≤ k ≤ maxSkew}.
     */
    FeasiblePolygon(double maxAbsIntercept, double minSkew, double maxSkew) {
        edges.add(new HalfPlane(1, 0, maxAbsIntercept, true));
        edges.add(new HalfPlane(0, 1, maxSkew, true));
        edges.add(new HalfPlane(-1, 0, maxAbsIntercept, true));
        edges.add(new HalfPlane(0, -1, -minSkew, true));
        for (int i = 0; i < edges.size(); i++) {
            vertices.add(intersection(edges.get(i), edges.get((i + 1) % edges.size())));
        }
    }

    /**
     * Cuts away the part outside {@code halfPlane}.
     *
     * @return false, leaving the polygon as it was, if nothing would remain
     */
    boolean clip(HalfPlane halfPlane) {
        int count = vertices.size();
        boolean[] inside = new boolean[count];
        int insideCount = 0;
        for (int i = 0; i < count; i++) {
            inside[i] = halfPlane.contains(vertices.get(i)[0], vertices.get(i)[1]);
            insideCount += inside[i] ? 1 : 0;
        }
        if (insideCount == count) {
            return true;
        }
        if (insideCount == 0) {
            return false;
        }
        // Convexity: the vertices outside form one run, first..last; edge first enters it and
        // edge last + 1 leaves it, and the edges between lie wholly outside.
        int first = 0;
        while (inside[first] || !inside[(first + count - 1) % count]) {
            first++;
        }
        int last = first;
        while (!inside[(last + 1) % count]) {
            last = (last + 1) % count;
        }
        HalfPlane entering = edges.get(first);
        HalfPlane leaving = edges.get((last + 1) % count);
        double[] enteringCut = intersection(entering, halfPlane);
        double[] leavingCut = intersection(halfPlane, leaving);
        if (enteringCut == null || leavingCut == null) {
            // Parallel to an edge that it crosses only within rounding: it cuts nothing off.
            return true;
        }
        List<HalfPlane> newEdges = new ArrayList<>();
        List<double[]> newVertices = new ArrayList<>();
        for (int i = (last + 1) % count; i != first; i = (i + 1) % count) {
            newEdges.add(edges.get(i));
            newVertices.add(vertices.get(i));
        }
        newEdges.add(entering);
        newVertices.add(enteringCut);
        newEdges.add(halfPlane);
        newVertices.add(leavingCut);
        edges = newEdges;
        vertices = newVertices;
        return true;
    }

    /** True if an edge of the starting box is still part of the polygon. */
    boolean touchesBox() {
        return edges.stream().anyMatch(HalfPlane::bounding);
    }

    int vertexCount() {
        return vertices.size();
    }

    double interceptOf(int vertex) {
        return vertices.get(vertex)[0];
    }

    double skewOf(int vertex) {
        return vertices.get(vertex)[1];
    }

    /** Where the boundary lines of two half-planes meet, as {a, k}; null if they are parallel. */
    private static double[] intersection(HalfPlane one, HalfPlane two) {
        double determinant = one.aWeight() * two.kWeight() - two.aWeight() * one.kWeight();
        if (determinant == 0) {
            return null;
        }
        double k = (one.aWeight() * two.limit() - two.aWeight() * one.limit()) / determinant;
        // Back-substitute into the line whose k term is smaller: less cancellation.
        HalfPlane line = one;
        if (one.aWeight() == 0 || (two.aWeight() != 0
                && Math.abs(two.kWeight()) < Math.abs(one.kWeight()))) {
            line = two;
        }
        double a = (line.limit() - line.kWeight() * k) / line.aWeight();
        return new double[] {a, k};
    }
}
