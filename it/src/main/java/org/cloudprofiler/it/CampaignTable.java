package org.cloudprofiler.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.cloudprofiler.generator.Generator;

/**
 * The YSB join table as a file, one {@code <ad> <campaign>} line per ad. The table comes from the
 * generator's native library ({@code Generator.ysbAdCampaigns(seed)}), which needs ZeroMQ; the
 * Storm and Flink images have none, so the caller draws it where the library loads and the
 * submission reads it from this file. Stateless.
 */
public final class CampaignTable {
    private CampaignTable() {}

    /** {@code java -cp ysb-cluster.jar org.cloudprofiler.it.CampaignTable SEED FILE}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java -cp ysb-cluster.jar " + CampaignTable.class.getName()
                    + " SEED FILE (the join table of `cloudprofiler gen --payload ysb --seed"
                    + " SEED`)");
            System.exit(2);
        }
        write(Generator.ysbAdCampaigns(Long.parseLong(args[0])), Path.of(args[1]));
    }

    /** Writes {@code campaignOfAd} to {@code file}, sorted by ad. */
    public static void write(Map<String, String> campaignOfAd, Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        new TreeMap<>(campaignOfAd).forEach((ad, campaign) -> lines.add(ad + " " + campaign));
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** Reads what {@link #write} wrote; a line that is not two words is an error naming it. */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> campaignOfAd = new TreeMap<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String[] words = lines.get(i).trim().split(" ");
            if (words.length != 2) {
                throw new IOException(file + ", line " + (i + 1) + ": expected \"<ad>"
                        + " <campaign>\", found \"" + lines.get(i) + "\"");
            }
            campaignOfAd.put(words[0], words[1]);
        }
        return Map.copyOf(campaignOfAd);
    }
}
