package io.refsut.loadtest.report;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finding results folders for {@code sut compare} ({@link io.refsut.loadtest.compare.CompareReport} does the
 * comparing).
 */
public final class Comparison {

    /** An execution suffix: "-exec2", "_run3", "-e1", "-r2", "-2" at the end of a label. */
    private static final Pattern EXECUTION_SUFFIX =
            Pattern.compile("^(.+?)[-_.](?:exec|execution|run|e|r|x)?(\\d+)$", Pattern.CASE_INSENSITIVE);

    private Comparison() {
    }

    /**
     * Results folders named by {@code arguments}: a folder holding summary.json, a folder whose sub-folders (to a
     * depth of 3) hold one, or a glob ("results/2026*-aks-*") matched against folders.
     */
    public static List<Path> resolve(List<String> arguments) throws IOException {
        Set<Path> found = new LinkedHashSet<>();
        for (String argument : arguments) {
            if (argument.contains("*") || argument.contains("?") || argument.contains("[")) {
                Path base = globBase(argument);
                PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + argument);
                if (Files.isDirectory(base)) {
                    try (Stream<Path> walk = Files.walk(base, depth(argument))) {
                        walk.filter(Files::isDirectory)
                                .filter(p -> matcher.matches(p) || matcher.matches(p.normalize()))
                                .sorted()
                                .forEach(p -> addResults(p, found));
                    }
                }
            } else {
                addResults(Path.of(argument), found);
            }
        }
        return List.copyOf(found);
    }

    private static Path globBase(String glob) {
        Path base = Path.of("");
        for (String part : glob.split("/", -1)) {
            if (part.contains("*") || part.contains("?") || part.contains("[")) {
                break;
            }
            base = part.isEmpty() && base.toString().isEmpty() ? Path.of("/") : base.resolve(part);
        }
        return base.toString().isEmpty() ? Path.of(".") : base;
    }

    private static int depth(String glob) {
        return glob.contains("**") ? 8 : (int) glob.chars().filter(c -> c == '/').count() + 1;
    }

    private static void addResults(Path dir, Set<Path> found) {
        if (Files.isRegularFile(dir.resolve(ResultsWriter.SUMMARY_JSON))) {
            found.add(dir);
            return;
        }
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir, 3)) {
            walk.filter(p -> p.getFileName().toString().equals(ResultsWriter.SUMMARY_JSON))
                    .map(Path::getParent)
                    .sorted()
                    .forEach(found::add);
        } catch (IOException e) {
            // an unreadable folder is simply not a result
        }
    }

    /** The label without an execution suffix ("aks-m30-exec2" gives "aks-m30"). */
    public static String configurationOf(String label) {
        if (label == null) {
            return "";
        }
        Matcher matcher = EXECUTION_SUFFIX.matcher(label);
        return matcher.matches() ? matcher.group(1) : label;
    }
}
