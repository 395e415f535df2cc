"""The memory a process may take, which bounds a vector environment's count of games:
the machine's, or a control group's limit (a container's, a batch job's) where lower."""

from keizai.rl import memory


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="ascii")


def test_a_cgroup_v2_limit_set_on_an_ancestor_group_is_found(tmp_path):
    # a batch system limits the job; the step the process runs in says "max"
    groups, root = tmp_path / "cgroup", tmp_path / "fs"
    write(groups, "0::/job/step\n")
    write(root / "job" / "memory.max", "1048576\n")
    write(root / "job" / "step" / "memory.max", "max\n")
    assert memory.cgroup_limits(groups, root) == [1048576]


def test_a_cgroup_v1_memory_controllers_limits_are_found(tmp_path):
    groups, root = tmp_path / "cgroup", tmp_path / "fs"
    write(groups, "5:cpu,cpuacct:/elsewhere\n4:memory:/batch/task\n0::/\n")
    write(root / "memory" / "batch" / "memory.limit_in_bytes", "2097152\n")
    write(root / "memory" / "batch" / "task" / "memory.limit_in_bytes",
          "9223372036854771712\n")  # v1's "no limit"
    write(root / "cpu" / "elsewhere" / "memory.limit_in_bytes", "1\n")  # not memory's
    assert sorted(memory.cgroup_limits(groups, root)) == [2097152, 9223372036854771712]


def test_no_cgroup_file_system_gives_no_limit(tmp_path):
    assert memory.cgroup_limits(tmp_path / "no-such-file", tmp_path) == []


def test_the_limit_is_the_least_of_the_machine_and_its_groups(monkeypatch):
    monkeypatch.setattr(memory, "physical_memory", lambda: 2**34)
    monkeypatch.setattr(memory, "cgroup_limits", lambda: [2**63, 2**30])
    assert memory.memory_limit() == 2**30
    monkeypatch.setattr(memory, "cgroup_limits", lambda: [])
    assert memory.memory_limit() == 2**34
    monkeypatch.setattr(memory, "physical_memory", lambda: None)
    assert memory.memory_limit() is None
